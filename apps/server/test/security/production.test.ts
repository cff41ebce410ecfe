import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { phoneLogin, sendSms, wxAppLogin } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import {
  createTestClient,
  expectCode,
  freshDatabase,
  productionWithdrawal,
  type TestDatabase,
  testConfig,
  useTestApp,
} from '../helpers';
import { productionSettings } from '../production-env';

/**
 * Production runs only on real parts (issue 13 item 2, decision 0012): it refuses to start without
 * them, naming every missing setting at once; started, it has no demo game, no sandbox payments or
 * logins, no test hooks, no secret made up into the database; no log line holds an SMS code or a
 * full phone number.
 */

const REQUIRED = [
  'SMS_TENCENT_SECRET_ID',
  'SMS_TENCENT_SECRET_KEY',
  'SMS_TENCENT_SDK_APP_ID',
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_ID',
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PUBLIC_KEY',
  'WECHAT_MCH_ID',
  'WECHAT_API_V3_KEY',
  'PUBLIC_BASE_URL',
  'PII_KEY',
  'RSA_PRIVATE_KEY',
  'SMS_CODE_SECRET',
  'PAY_PASSWORD_SECRET',
  'STORAGE_SIGNING_SECRET',
];

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return '(started)';
};

describe('production refuses to start without its real parts', () => {
  it('names every missing setting in one message', () => {
    const message = refusal({ APP_ENV: 'production' });
    for (const name of REQUIRED) expect(message).toContain(name);
    expect(message.startsWith('Invalid configuration')).toBe(true);
  });

  it('names the one setting left out of a full set, and starts with none left out', () => {
    const full: Record<string, string> = { APP_ENV: 'production', ...productionSettings() };
    expect(refusal(full)).toBe('(started)');
    for (const name of [
      'PII_KEY',
      'RSA_PRIVATE_KEY',
      'SMS_CODE_SECRET',
      'PAY_PASSWORD_SECRET',
      'SMS_TEMPLATE_ID',
      'PUBLIC_BASE_URL',
    ]) {
      const { [name]: _left, ...rest } = full;
      const message = refusal(rest);
      expect(message).toContain(name);
      expect(message.split('\n')).toHaveLength(2);
    }
    // Without the Alipay keys and without WeChat Pay's: a payment channel is missing.
    const { ALIPAY_APP_ID: _a, ALIPAY_PRIVATE_KEY: _b, ALIPAY_PUBLIC_KEY: _c, ...noPay } = full;
    expect(refusal(noPay)).toMatch(/ALIPAY_APP_ID.*or WECHAT_MCH_ID/);
    // WeChat Pay instead of Alipay is enough; half of WeChat Pay's keys is an error.
    expect(refusal({ ...noPay, WECHAT_MCH_ID: '1900000001', WECHAT_APP_ID: 'wx1' })).toMatch(
      /WECHAT_SERIAL_NO, WECHAT_PRIVATE_KEY, WECHAT_PLATFORM_PUBLIC_KEY, WECHAT_API_V3_KEY: the rest/,
    );
  });

  it('refuses the demo games, the demo market and the console SMS driver in production', () => {
    const full = { APP_ENV: 'production', ...productionSettings() };
    expect(refusal({ ...full, DEMO_GAME: '1' })).toContain('DEMO_GAME=1');
    expect(refusal({ ...full, DEMO_MARKET: '1' })).toContain('DEMO_MARKET=1');
    expect(refusal({ ...full, SMS_DRIVER: 'console' })).toContain('SMS_DRIVER=console');
    const all = refusal({ APP_ENV: 'production', DEMO_GAME: '1', DEMO_MARKET: '1' });
    expect(all).toContain('DEMO_GAME=1');
    expect(all).toContain('PII_KEY');
    // Off unless asked for outside production too: DEMO_GAME=0 is fine in production.
    expect(loadConfig({ ...full, DEMO_GAME: '0', DEMO_MARKET: '0' }).DEMO_GAME).toBe(false);
    expect(loadConfig({ APP_ENV: 'local' }).DEMO_GAME).toBe(true);
  });
});

describe('production started with its real parts', () => {
  const t = useTestApp({ APP_ENV: 'production' });

  it('has no demo game, sandbox payments, sandbox logins or test hooks', async () => {
    const answers = await Promise.all(
      [
        ['POST', '/demo-game/api/login'],
        ['GET', '/demo-game/host'],
        ['POST', '/demo-xianxia/api/login'],
        ['POST', '/pay/notify/sandbox'],
        ['GET', '/sandbox/pay/P123'],
        ['POST', '/dev/oauth/code'],
        ['GET', '/dev/sms/outbox?phone=13800000000'],
        ['POST', '/dev/session'],
      ].map(async ([method, url]) => {
        const res = await t.app.inject({ method: method as 'GET' | 'POST', url: url as string, payload: {} });
        return `${method} ${url} ${res.statusCode}`;
      }),
    );
    for (const a of answers) expect(a).toMatch(/ 404$/);
    expect((await t.db.selectFrom('games').select('application_id').execute()).length).toBe(0);
    // WeChat login has no sandbox credentials to accept.
    const client = await t.client('APP');
    expectCode(await client.call(wxAppLogin, { code: 'anything.signed' }), '10002');
  });

  it('takes no withdrawal: the sandbox never pays out in production and no real payout channel exists yet', async () => {
    expectCode(
      await productionWithdrawal(t, '99990001', '13800009999'),
      '10002',
      '提现通道暂未开通，余额可继续用于购买，请稍后再试',
    );
  });

  it('keeps no secret of its own in the database: every one came from the environment', async () => {
    const rows = await t.db.selectFrom('settings').select('key').where('key', 'like', 'secret.%').execute();
    expect(rows).toEqual([]);
  });
});

describe('the log in production', () => {
  let fake: http.Server;
  let endpoint = '';
  const codes: string[] = [];
  let failNext = false;
  const lines: string[] = [];
  let pg: TestDatabase;

  beforeAll(async () => {
    // Tencent Cloud SMS: answers Ok and remembers the code, or an error naming the number as it was sent.
    fake = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
        const phone = body.PhoneNumberSet[0];
        codes.push(body.TemplateParamSet[0] as string);
        const Response = failNext
          ? {
              Error: { Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: `bad number ${phone}` },
              RequestId: 'r',
            }
          : { SendStatusSet: [{ PhoneNumber: phone, Code: 'Ok', Message: 'send success' }], RequestId: 'r' };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    pg = await freshDatabase();
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.close(resolve));
    await pg?.drop();
  });

  it('holds no SMS code and no full phone number', async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = testConfig({ APP_ENV: 'production', LOG_LEVEL: 'trace', SMS_ENDPOINT: endpoint });
    const app = await buildApp(config, { db: pg.db, logStream: stream });
    await app.ready();
    try {
      const client = await createTestClient(app, 'APP');
      const phone = '13812345678';
      expectCode(await client.call(sendSms, { smsType: 'phoneLogin', phone }), '200');
      expectCode(await client.call(phoneLogin, { phone, code: '0000' === codes[0] ? '1111' : '0000' }), '20101');
      expectCode(await client.call(phoneLogin, { phone, code: codes[0] as string }), '200');
      // A refused send: the provider's message names the number; the error is logged masked.
      failNext = true;
      const other = '13987654321';
      const refused = await client.call(sendSms, { smsType: 'phoneLogin', phone: other });
      expect(refused.code).toBe('10000');
      // A phone in a URL (a wrong client, a probe): the request log masks it.
      await app.inject({ method: 'GET', url: `/pb/api/app/user/v1/anything?phone=${phone}&mobile=%2B86${other}` });
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((l) => l.includes('138****5678'))).toBe(true);
    expect(lines.some((l) => l.includes('139****4321'))).toBe(true);
    expect(lines.some((l) => l.includes('SMS not sent: InvalidParameterValue.IncorrectPhoneNumber'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain('13812345678');
      expect(line).not.toContain('13987654321');
      // The codes sent, wherever they could stand in a line (times and ids, which are numbers too, left out).
      const { time: _t, reqId: _r, responseTime: _rt, pid: _p, hostname: _h, ...rest } = JSON.parse(line);
      const text = JSON.stringify(rest);
      for (const code of codes) expect(text).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
  });
});
