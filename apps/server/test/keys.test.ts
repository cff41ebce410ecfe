import { checkVersion } from '@app/protocol/calls/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeyRing, rotateKey } from '../src/platform/codec/key-ring';
import { createTestApp, expectCode, freshDatabase, type TestApp, type TestDatabase } from './helpers';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

describe('codec keys', () => {
  it('are shared by two server processes on one database', async () => {
    const a = await createTestApp({}, database);
    const b = await createTestApp({}, database);
    const fromA = await a.client('H5');
    const fromB = await b.client('H5');
    expect(fromA.keys).toEqual(fromB.keys);
    // A request sealed for process A is understood by process B.
    const body = fromA.codec.sealPost({}, true);
    const res = await fromB.raw('POST', '/pb/api/app/system/v1/checkVersion', body);
    expectCode(res, '200');
    await a.close();
    await b.close();
  });

  it('rotate, and a client still on the old key is served for the grace period', async () => {
    const app: TestApp = await createTestApp({}, database);
    const old = await app.client('PC');
    const newKeyId = await rotateKey(database.db);
    const ring = await loadKeyRing(database.db, { graceSeconds: 86_400 });
    expect(ring.current.keyId).toBe(newKeyId);
    expect(ring.keys.length).toBe(2);
    const restarted = await createTestApp({}, database);
    const fresh = await restarted.client('PC');
    expect(fresh.keys.keyId).toBe(newKeyId);
    const oldRes = await old.call(checkVersion, {}, {});
    // old.call goes to the first app; send the old client's request to the restarted one.
    expectCode(oldRes, '200');
    const res = await fresh.raw('POST', '/pb/api/app/system/v1/checkVersion', old.codec.sealPost({}, true));
    expectCode(res, '200');
    expect(old.codec.openData(res.data, 'POST', true)).toMatchObject({ updating: 0 });
    await app.close();
    await restarted.close();
  });

  it('refuse a retired key after the grace period', async () => {
    const app = await createTestApp({}, database);
    const old = await app.client('PC');
    await rotateKey(database.db);
    const strict = await createTestApp({ KEY_GRACE_SECONDS: '0' }, database);
    const res = await (await strict.client('PC')).raw(
      'POST',
      '/pb/api/app/system/v1/checkVersion',
      old.codec.sealPost({}, true),
    );
    expectCode(res, '10001');
    await app.close();
    await strict.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('with Redis', () => {
  it('refuses a nonce replayed to another process', async () => {
    const shared = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `t${Date.now()}:` };
    const a = await createTestApp(shared, database);
    const b = await createTestApp(shared, database);
    const client = await a.client('H5');
    const body = client.codec.sealPost({}, true);
    expectCode(await client.raw('POST', '/pb/api/app/system/v1/checkVersion', body), '200');
    const other = await b.client('H5');
    expectCode(await other.raw('POST', '/pb/api/app/system/v1/checkVersion', body), '10001');
    await a.close();
    await b.close();
  });
});
