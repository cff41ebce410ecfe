import { checkVersion } from '@app/protocol/calls/system';
import { sendSms } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRelay } from '../../../tests/tcp-relay';
import { createTestApp, type TestApp, type TestClient, testDb } from './helpers';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Redis dies and returns (issue 35 item 5; decision 0069): what stands on it fails closed while it
 * is gone — a sealed call cannot have its nonce checked, so it is refused with 503 and 10000
 * (系统繁忙), never let through unchecked; an SMS is not sent without its cooldown counted — and the
 * process recovers by itself when Redis is back, without a restart.
 */
describe.runIf(redisUrl)(`Redis dies and returns (${testDb})`, () => {
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    relay = await redisRelay(new URL(redisUrl as string));
    t = await createTestApp({ REDIS_URL: relay.url, REDIS_PREFIX: `outage${Date.now()}:` });
    client = await t.client('H5');
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });
  const version = () =>
    client.call(checkVersion, { platform: 'android', version: '3.0.0' } as never) as Promise<{
      code: string;
      status?: number;
    }>;

  it('refuses sealed calls and SMS with 503/10000 while Redis is down, and serves again once it is back', async () => {
    expect((await version()).code).toBe('200');
    relay.cut();
    const started = Date.now();
    const during = await version();
    console.info(`redis-outage: a sealed call answered ${during.status}/${during.code} in ${Date.now() - started} ms`);
    expect(during.code).toBe('10000');
    expect(during.status).toBe(503);
    const sms = await client.call(sendSms, { smsType: 'phoneLogin', phone: '13900036001' });
    expect(sms.code).toBe('10000');
    expect(await t.db.selectFrom('sms_codes').select('id').where('phone', '=', '13900036001').execute()).toEqual([]);
    relay.restore();
    // ioredis reconnects on its own (its backoff); the first calls after may still meet the old state.
    await expect.poll(async () => (await version()).code, { timeout: 15_000, interval: 250 }).toBe('200');
    expect((await client.call(sendSms, { smsType: 'phoneLogin', phone: '13900036001' })).code).toBe('200');
  });
});
