import { randomBytes } from 'node:crypto';
import { trackingSign } from '@app/protocol/tracking';
import { beforeAll, describe, expect, it } from 'vitest';
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
});
