import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commodityList } from '@app/protocol/calls/exchange';
import { webViewLink } from '@app/protocol/calls/market-content';
import { checkVersion } from '@app/protocol/calls/system';
import { logout, sendSms, userInfo } from '@app/protocol/calls/user';
import { trackingSign } from '@app/protocol/tracking';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { safeReturnUrl } from '../../src/modules/payments/payment.service';
import { securityHeaders } from '../../src/platform/http/security-headers';
import { createTestApp, expectCode, loginAs, type TestApp, useTestApp } from '../helpers';

/** Issue 13 items 5, 6 and 7: headers on every page, logout that ends the session, limits, small holes. */
const GAME_ORIGIN = 'https://game.example.com';
/** The built page's one inline script (the first-screen preloader of decision 0010). */
const PRELOADER = 'document.documentElement.dataset.ready = "1";';
const PRELOADER_HASH = `'sha256-${createHash('sha256').update(PRELOADER).digest('base64')}'`;
const LIMITS = {
  RATE_LIMIT_CLIENT_PER_10S: '100',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '1200',
  RATE_LIMIT_EVENTS_PER_MINUTE: '30',
};

function webDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><body><div id="root"></div><script>${PRELOADER}</script></body></html>`,
  );
  return dist;
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

/** One app for headers, logout, the SMS cap without TRUST_PROXY and the banner links (a fresh app costs seconds). */
const shared = useTestApp({ WEB_DIST: webDist(), FRAME_ANCESTORS: GAME_ORIGIN });

describe('security headers', () => {
  const t = {
    get app() {
      return shared.app;
    },
  };

  it('lets the configured game frame the game scenes, and no inline script run', async () => {
    const res = await t.app.inject({ url: '/h5sdk/pages/index/index' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'frame-ancestors')).toBe(`frame-ancestors 'self' ${GAME_ORIGIN}`);
    // The page's own preloader runs by its hash; nothing else inline can.
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${PRELOADER_HASH}`);
    // Workers only from this site or the blob: the HEIC converter starts.
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows the preloader of a new build once it replaces the page, without a restart', async () => {
    const dist = webDist();
    const own = await createTestApp({ WEB_DIST: dist });
    try {
      const scriptSrc = async (url: string) =>
        directive((await own.app.inject({ url })).headers['content-security-policy'], 'script-src');
      expect(await scriptSrc('/h5/pages/index/index')).toBe(`script-src 'self' ${PRELOADER_HASH}`);
      const rebuilt = 'document.documentElement.dataset.ready = "2";';
      const rebuiltHash = `'sha256-${createHash('sha256').update(rebuilt).digest('base64')}'`;
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        `<!doctype html><html><body><div id="root"></div><script>${rebuilt}</script></body></html>`,
      );
      const deadline = Date.now() + 5_000;
      while ((await scriptSrc('/h5/pages/index/index')) !== `script-src 'self' ${rebuiltHash}`) {
        if (Date.now() > deadline) throw new Error('the preloader of the new build was never allowed');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await scriptSrc('/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlace')).toBe(
        `script-src 'self' ${rebuiltHash}`,
      );
    } finally {
      await own.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('lets no other site frame the cashier, the order confirmation or the withdrawal page', async () => {
    for (const url of [
      '/h5sdk/pages/orderNew/cashier/cashier?orderId=1',
      '/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlace',
      '/web/pages/userCenter/cashWithdrawal/cashWithdrawal',
    ]) {
      const res = await t.app.inject({ url });
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe("frame-ancestors 'self'");
    }
  });

  it('puts the same headers on API answers', async () => {
    const res = await t.app.inject({ url: '/pb/api/app/system/v1/clientConfig?source=H5' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directive(res.headers['content-security-policy'], 'default-src')).toBe("default-src 'self'");
  });

  it('sends HSTS in production', async () => {
    const app = Fastify();
    securityHeaders(app, { production: true, frameAncestors: [], connectOrigins: [] });
    app.get('/x', async () => 'ok');
    const res = await app.inject({ url: '/x' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
  });
});

describe('logout', () => {
  it('ends the session on the server: the same token no longer opens anything', async () => {
    const t = shared;
    const client = await t.client();
    const { token } = await loginAs(t, '13900007001');
    expectCode(await client.call(userInfo, {}, { token }), '200');
    expectCode(await client.call(logout, {}, { token }), '200');
    expectCode(await client.call(userInfo, {}, { token }), '20118');
    expectCode(await client.call(logout, {}, { token }), '20118');
  });
});

describe('rate limits', () => {
  let boot: { trackingAppId: string; trackingSecret: string };
  const t = useTestApp(LIMITS);
  beforeAll(async () => {
    boot = (
      await t.app.inject({ url: '/pb/api/app/system/v1/clientConfig?source=H5', remoteAddress: '192.0.2.1' })
    ).json().data;
  });

  it('lets 100 of a burst of 300 list calls from one client through and refuses the rest in zh-CN', async () => {
    const client = await t.client();
    const answers = await Promise.all(Array.from({ length: 300 }, () => client.call(commodityList, {} as never)));
    const refused = answers.filter((a) => a.code === '10005');
    // The key fetch of t.client() was the 1st call of this client.
    expect(answers.length - refused.length).toBe(99);
    expect(refused[0]).toMatchObject({ status: 429, msg: '操作过于频繁，请稍后再试' });
    // Another client (its own session) is not held up by the first one's burst.
    const { token } = await loginAs(t, '13900007002');
    expectCode(await client.call(userInfo, {}, { token }), '200');
  });

  it('holds one address to its ceiling however many tokens it invents', async () => {
    const ceiling = await createTestApp({ ...LIMITS, RATE_LIMIT_ADDRESS_PER_MINUTE: '150' });
    const client = await ceiling.client();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => client.call(checkVersion, {}, { token: `invented-${i}` })),
    );
    expect(answers.filter((a) => a.code !== '10005')).toHaveLength(149);
    await ceiling.close();
  });

  it('caps the statistics service: body, batch, event size and posts per address', async () => {
    let n = 0;
    const post = (body: string) => {
      const nonce = `n${++n}${Date.now()}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      return t.app.inject({
        method: 'POST',
        url: '/v1/events',
        remoteAddress: '198.51.100.9',
        headers: {
          'content-type': 'application/json',
          appid: boot.trackingAppId,
          algo: 'MD5',
          nonce,
          timestamp,
          sign: trackingSign(boot.trackingAppId, nonce, timestamp, body, boot.trackingSecret),
        },
        payload: body,
      });
    };
    const event = (properties: Record<string, unknown>) => ({ device: {}, user: {}, event: 'view', properties });
    expect((await post(JSON.stringify([event({ a: 1 })]))).json().code).toBe('200');
    expect((await post(JSON.stringify([event({ blob: 'x'.repeat(3000) })]))).json().code).toBe('10002');
    expect((await post(JSON.stringify(Array.from({ length: 201 }, () => event({}))))).json().code).toBe('10002');
    expect((await post(JSON.stringify([event({ s: 'a\u0000b' })]))).json().code).toBe('10002');
    expect((await post(JSON.stringify([event({ pad: 'x'.repeat(300 * 1024) })]))).statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post(JSON.stringify([event({ i })]))).statusCode);
    // 5 posts above plus 25 here are the 30 of the minute; the rest are refused.
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const stored = await t.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(stored?.n)).toBe(26);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('rate limits through Redis', () => {
  it('are shared by two server processes: a client cannot double its allowance by switching node', async () => {
    const shared = { ...LIMITS, REDIS_URL: redisUrl as string, REDIS_PREFIX: `rl${Date.now()}:` };
    const [one, two] = [await createTestApp(shared), await createTestApp(shared)];
    const { token } = await loginAs(one, '13900007003');
    const [a, b] = [await one.client(), await two.client()];
    const answers = await Promise.all(
      Array.from({ length: 160 }, (_, i) => (i % 2 ? a : b).call(checkVersion, {}, { token })),
    );
    expect(answers.filter((r) => r.code !== '10005')).toHaveLength(100);
    await one.close();
    await two.close();
  });
});

describe('the SMS cap per address behind a load balancer (TRUST_PROXY)', () => {
  const sendFrom = async (t: TestApp, forwardedFor: string, count: number, firstPhone: number) => {
    const client = await t.client();
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await client.call(
        sendSms,
        { smsType: 'phoneLogin', phone: String(firstPhone + i) },
        { headers: { 'x-forwarded-for': forwardedFor } },
      );
      codes.push(res.code);
    }
    return codes;
  };

  it('counts each client behind the balancer alone, so one cannot block SMS login for everyone', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    const first = await sendFrom(t, '203.0.113.7', 21, 13700000000);
    expect(first.filter((c) => c === '200')).toHaveLength(20);
    expect(first.at(-1)).toBe('20104');
    expect(await sendFrom(t, '203.0.113.8', 1, 13700000100)).toEqual(['200']);
    await t.close();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: inventing addresses does not lift the cap', async () => {
    const t = shared;
    const codes: string[] = [];
    for (let i = 0; i < 21; i++) codes.push(...(await sendFrom(t, `203.0.113.${i}`, 1, 13700000200 + i)));
    expect(codes.filter((c) => c === '200')).toHaveLength(20);
  });
});

describe('small holes', () => {
  it('sends a buyer back only to this site or the pre environment after paying', () => {
    const pre = 'https://pre.market.example';
    expect(safeReturnUrl('/h5/pages/orderNew/orderDetail/orderDetail?orderId=7')).toBe(
      '/h5/pages/orderNew/orderDetail/orderDetail?orderId=7',
    );
    for (const evil of [
      '/\\evil.example/x',
      '//evil.example/x',
      '/\\/evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      `${pre}.evil.example/x`,
      'h5/pages/index/index',
    ])
      expect(safeReturnUrl(evil, pre), evil).toBe('');
    expect(safeReturnUrl(`${pre}/h5/pages/index/index`, pre)).toBe(`${pre}/h5/pages/index/index`);
  });

  it('frames only links of this site or of content the operator published', async () => {
    const t = shared;
    await t.db
      .insertInto('content_slots')
      .values({ kind: 'banner', place: 'home', title: '活动', hyperlink: 'https://news.example.com/event/1' })
      .execute();
    const client = await t.client();
    const allowed = async (hyperlink: string) => {
      const res = await client.call(webViewLink, { hyperlink });
      return (res.data as { allowed: boolean }).allowed;
    };
    expect(await allowed('/h5/pages/index/index')).toBe(true);
    expect(await allowed('https://news.example.com/event/1')).toBe(true);
    expect(await allowed('https://evil.example/phish')).toBe(false);
    expect(await allowed('//evil.example/phish')).toBe(false);
    expect(await allowed('/\\evil.example/phish')).toBe(false);
  });
});
