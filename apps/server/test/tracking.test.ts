import { randomBytes } from 'node:crypto';
import { trackingSign } from '@app/protocol/tracking';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackingWriter } from '../src/modules/tracking/tracking-writer';
import { useTestApp } from './helpers';

let appid: string;
let secret: string;
const t = useTestApp();
beforeAll(async () => {
  const config = (await t.app.inject({ method: 'GET', url: '/pb/api/app/system/v1/clientConfig?source=H5' })).json()
    .data;
  appid = config.trackingAppId;
  secret = config.trackingSecret;
});

const event = (name: string) => ({
  device: { deviceId: 'd1', os: 'ios' },
  user: { uid: '10000001' },
  event: name,
  properties: { minutes: 3 },
});

async function post(path: string, body: unknown, overrides: Record<string, string> = {}) {
  const raw = JSON.stringify(body);
  const nonce = randomBytes(8).toString('hex');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    appid,
    algo: 'MD5',
    nonce,
    timestamp,
    sign: trackingSign(appid, nonce, timestamp, raw, secret),
    ...overrides,
  };
  return { res: (await t.app.inject({ method: 'POST', url: path, headers, payload: raw })).json(), headers, raw };
}

describe('statistics ingest', () => {
  it('takes one event and a batch, signed with MD5', async () => {
    expect((await post('/v1/event', event('launch'))).res).toMatchObject({ code: '200', data: { accepted: 1 } });
    expect((await post('/v1/events', [event('exposure'), event('click')])).res).toMatchObject({
      code: '200',
      data: { accepted: 2 },
    });
    const rows = await t.db.selectFrom('tracking_events').select(['event', 'app_id']).orderBy('id').execute();
    expect(rows.map((r) => r.event)).toEqual(['launch', 'exposure', 'click']);
    expect(rows[0]?.app_id).toBe('market-h5');
  });

  it('stores every event of posts sent at once, from two sources, each under its own app id', async () => {
    const app = (await t.app.inject({ method: 'GET', url: '/pb/api/app/system/v1/clientConfig?source=APP' })).json()
      .data;
    const appHeaders = (raw: string) => {
      const nonce = randomBytes(8).toString('hex');
      const timestamp = String(Math.floor(Date.now() / 1000));
      return {
        'content-type': 'application/json',
        appid: app.trackingAppId,
        algo: 'MD5',
        nonce,
        timestamp,
        sign: trackingSign(app.trackingAppId, nonce, timestamp, raw, app.trackingSecret),
      };
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const batch = Array.from({ length: i + 1 }, (_e, j) => event(`together-${i}-${j}`));
        if (i % 2) return (await post('/v1/events', batch)).res;
        const raw = JSON.stringify(batch);
        return (
          await t.app.inject({ method: 'POST', url: '/v1/events', headers: appHeaders(raw), payload: raw })
        ).json();
      }),
    );
    expect(answers.map((a) => a.data?.accepted)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const rows = await t.db
      .selectFrom('tracking_events')
      .select(['event', 'app_id'])
      .where('event', 'like', 'together-%')
      .execute();
    expect(rows).toHaveLength(78);
    for (const r of rows) {
      const i = Number(r.event.split('-')[1]);
      expect(r.app_id).toBe(i % 2 ? 'market-h5' : app.trackingAppId);
    }
    expect(app.trackingAppId).toBe('market-app');
  });

  it('groups the posts that wait behind running inserts into one insert, each event under its own app id', async () => {
    const write = trackingWriter(t.db);
    // The first two start at once; the ten after them wait and go together.
    const writes = Array.from({ length: 12 }, (_, i) =>
      write(
        i % 2 ? 'market-h5' : 'market-app',
        Array.from({ length: i + 1 }, (_e, j) => event(`grouped-${i}-${j}`)),
      ),
    );
    await Promise.all(writes);
    const rows = await t.db
      .selectFrom('tracking_events')
      .select(['id', 'event', 'app_id'])
      .where('event', 'like', 'grouped-%')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(78);
    for (const r of rows) expect(r.app_id).toBe(Number(r.event.split('-')[1]) % 2 ? 'market-h5' : 'market-app');
    // A post's events keep their order.
    const last = rows.filter((r) => r.event.startsWith('grouped-11-')).map((r) => r.event);
    expect(last).toEqual(Array.from({ length: 12 }, (_, j) => `grouped-11-${j}`));
  });

  it('refuses a wrong sign, a stale timestamp, a replayed nonce and a malformed event', async () => {
    expect((await post('/v1/event', event('x'), { sign: 'f'.repeat(32) })).res.code).toBe('10001');
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    const raw = JSON.stringify(event('x'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/event',
      headers: {
        'content-type': 'application/json',
        appid,
        algo: 'MD5',
        nonce: 'n1',
        timestamp: stale,
        sign: trackingSign(appid, 'n1', stale, raw, secret),
      },
      payload: raw,
    });
    expect(res.json().code).toBe('10001');
    const first = await post('/v1/event', event('y'));
    expect(first.res.code).toBe('200');
    const replay = await t.app.inject({ method: 'POST', url: '/v1/event', headers: first.headers, payload: first.raw });
    expect(replay.json().code).toBe('10001');
    expect((await post('/v1/event', { event: '' })).res.code).toBe('10002');
  });

  it('counts each refusal by reason on /metrics, and none of the refused events is stored or rolled up', async () => {
    const counters = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const of = (reason: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`tracking_refused_total{reason="${reason}"} `));
        return line ? Number(line.split(' ')[1]) : null;
      };
      return {
        signature: of('signature'),
        window: of('window'),
        replay: of('replay'),
        body: of('body'),
        params: of('params'),
      };
    };
    const before = await counters();
    expect(before.signature).not.toBeNull();

    // A wrong sign, and another algorithm.
    expect((await post('/v1/event', event('bad-sign'), { sign: '0'.repeat(32) })).res.code).toBe('10001');
    const otherAlgo = await post('/v1/events', [event('bad-algo')], { algo: 'SHA1' });
    expect(otherAlgo.res.code).toBe('10001');
    // Clock skew beyond the window, either way, signed correctly.
    for (const skew of [-301, 301]) {
      const timestamp = String(Math.floor(Date.now() / 1000) + skew);
      const raw = JSON.stringify([event('bad-skew')]);
      const nonce = randomBytes(8).toString('hex');
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/events',
        headers: {
          'content-type': 'application/json',
          appid,
          algo: 'MD5',
          nonce,
          timestamp,
          sign: trackingSign(appid, nonce, timestamp, raw, secret),
        },
        payload: raw,
      });
      expect(res.json().code).toBe('10001');
    }
    // A replay of an accepted batch, with the same body.
    const first = await post('/v1/events', [event('replayed')]);
    expect(first.res.code).toBe('200');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/v1/events',
      headers: first.headers,
      payload: first.raw,
    });
    expect(replay.json().code).toBe('10001');
    // A body that is not JSON, signed.
    const nonce = randomBytes(8).toString('hex');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const notJson = '{"event": "bad-json"';
    const broken = await t.app.inject({
      method: 'POST',
      url: '/v1/event',
      headers: {
        'content-type': 'application/json',
        appid,
        algo: 'MD5',
        nonce,
        timestamp,
        sign: trackingSign(appid, nonce, timestamp, notJson, secret),
      },
      payload: notJson,
    });
    expect(broken.json().code).toBe('10001');
    // Fields over the caps: too many properties, a record too long, a name too long, a batch too big.
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i]));
    expect((await post('/v1/event', { ...event('bad-fields'), properties: many })).res.code).toBe('10002');
    expect((await post('/v1/event', { ...event('bad-long'), properties: { note: 'x'.repeat(2100) } })).res.code).toBe(
      '10002',
    );
    expect((await post('/v1/event', event(`bad-name-${'n'.repeat(64)}`))).res.code).toBe('10002');
    expect(
      (
        await post(
          '/v1/events',
          Array.from({ length: 201 }, () => event('bad-batch')),
        )
      ).res.code,
    ).toBe('10002');
    // One bad event refuses its whole batch.
    expect((await post('/v1/events', [event('bad-mixed'), { event: 'bad-mixed' }])).res.code).toBe('10002');

    const after = await counters();
    expect(after).toEqual({
      signature: (before.signature ?? 0) + 2,
      window: (before.window ?? 0) + 2,
      replay: (before.replay ?? 0) + 1,
      body: (before.body ?? 0) + 1,
      params: (before.params ?? 0) + 5,
    });

    const stored = await t.db.selectFrom('tracking_events').select('event').where('event', 'like', 'bad-%').execute();
    expect(stored).toEqual([]);
    const replayed = await t.db.selectFrom('tracking_events').select('id').where('event', '=', 'replayed').execute();
    expect(replayed).toHaveLength(1);

    // The rollup sees only what was stored: one exposure per accepted exposure event of this file.
    await t.app.stats.rollUp(new Date());
    const exposures = await t.db
      .selectFrom('stats_daily')
      .select((eb) => eb.fn.sum<string>('value').as('n'))
      .where('metric', '=', 'exposures')
      .executeTakeFirst();
    const storedExposures = await t.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event', '=', 'exposure')
      .executeTakeFirst();
    expect(Number(exposures?.n)).toBe(Number(storedExposures?.n));
  });
});
