import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { checkVersion } from '@app/protocol/calls/system';
import { userInfo } from '@app/protocol/calls/user';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeyRing, rotateKey } from '../src/platform/codec/key-ring';
import {
  createTestApp,
  expectCode,
  freshDatabase,
  loginAs,
  type TestApp,
  type TestDatabase,
  useTestApp,
  useTestClient,
} from './helpers';

/**
 * Codec version 2 (PROTOCOL.md): a key K of the request under RSA, the params and the answer under
 * K with AES-256-GCM. The requests here are built with node:crypto from the text of PROTOCOL.md,
 * independent of the client codec; version 1 stays accepted beside it.
 */
const path = callPath(checkVersion);
// One opener thread, as in production (every other server test opens envelopes in the event loop).
const t = useTestApp({ CODEC_WORKERS: '1' });
const client = useTestClient(t, 'H5');
beforeAll(() => threadReady(t.app), 20_000);

/** Until the app's opener thread has started (requests before that are opened in the event loop). */
async function threadReady(app: TestApp['app']): Promise<void> {
  while (app.platform.opener.stats().ready < 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

const uniform = { code: '10001', msg: '请求无效，请刷新页面后重试', data: null };

/** A signed plaintext exactly as PROTOCOL.md describes, with hand-chosen fields. */
function signed(fields: Record<string, unknown> = {}, secret = client.keys.signSecret) {
  const params = {
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    keyId: client.keys.keyId,
    ...fields,
  };
  return { ...params, sign: computeSign(params, secret) };
}

const wrap = (k: Buffer, publicKey = client.keys.rsaPublicKey) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, k).toString('base64');

function gcmSeal(k: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv(`aes-${k.length * 8}-gcm` as 'aes-256-gcm', k, iv);
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function gcmOpen(k: Buffer, base64: string): unknown {
  const bytes = Buffer.from(base64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', k, bytes.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(),
  );
}

/** A version-2 POST body by node:crypto, and its K. */
function v2Body(fields: Record<string, unknown> = {}, k = randomBytes(32)) {
  const body = {
    encryptKey: wrap(k),
    encryptData: gcmSeal(k, Buffer.from(JSON.stringify(signed(fields)))).toString('base64'),
  };
  return { body, k };
}

const flip = (base64: string, index: number) => {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] as number) ^ 0x01;
  return bytes.toString('base64');
};

describe('codec version 2', () => {
  it('answers a POST sealed under the request key, marked A256GCM', async () => {
    const { body, k } = v2Body();
    const res = await client.raw('POST', path, body);
    expectCode(res, '200');
    expect((res as unknown as { cipher: string }).cipher).toBe('A256GCM');
    expect(typeof res.data).toBe('string');
    expect(gcmOpen(k, res.data as string)).toMatchObject({ updating: 0, env: 'local' });
  });

  it('answers a GET with the sealed answer in data.data, readable only with K', async () => {
    const { token } = await loginAs(t, '13700000001');
    const k = randomBytes(32);
    const query = new URLSearchParams({
      encryptKey: wrap(k),
      encryptParams: gcmSeal(k, Buffer.from(JSON.stringify(signed()))).toString('base64'),
    });
    const res = await client.raw('GET', `${callPath(userInfo)}?${query}`, undefined, { 'x-token': token });
    expectCode(res, '200');
    const sealed = (res.data as { data: string }).data;
    expect(gcmOpen(k, sealed)).toMatchObject({ mobile: expect.stringContaining('****') });
    // Not with the public key (version 1's way), not with another key, and nothing in clear.
    expect(() => client.codec.openData(res.data, 'GET', true)).toThrow();
    expect(() => gcmOpen(randomBytes(32), sealed)).toThrow();
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('1370');
  });

  it('is what the test client speaks by default, and version 1 and plain requests are still answered', async () => {
    const { token } = await loginAs(t, '13700000002');
    for (const options of [{}, { version: 1 as const }, { encrypt: false }]) {
      const post = await client.call(checkVersion, {}, options);
      expectCode(post, '200');
      expect(post.data).toMatchObject({ updating: 0 });
      const get = await client.call(userInfo, {}, { ...options, token });
      expectCode(get, '200');
      expect(get.data).toMatchObject({ mobile: expect.stringContaining('****') });
    }
    // Version 1's answer is sealed with the private key: anyone holding the public key opens it.
    const v1 = await client.raw('POST', path, client.codec.sealPost({}, true));
    expect((v1 as unknown as { cipher?: string }).cipher).toBeUndefined();
    expect(client.codec.openData(v1.data, 'POST', true)).toMatchObject({ updating: 0 });
  });

  it('a 32-byte key wrapped by the client codec costs one RSA block whatever the size of the params', async () => {
    const { body } = client.codec.post({ appVersion: '1.0.0', note: '备注'.repeat(600) });
    expect(Buffer.from(body.encryptKey as string, 'base64').length).toBe(128);
    expectCode(await client.raw('POST', path, body), '200');
  });

  const badBlock = () => {
    // A raw RSA block whose padding is not PKCS#1 v1.5 type 2.
    const block = Buffer.alloc(128);
    block[1] = 0x05;
    randomBytes(120).copy(block, 8);
    return publicEncrypt({ key: client.keys.rsaPublicKey, padding: constants.RSA_NO_PADDING }, block).toString(
      'base64',
    );
  };
  const refusals: Array<[string, () => Record<string, unknown>]> = [
    ['an encryptKey that is not base64', () => ({ ...v2Body().body, encryptKey: 'not*base64!' })],
    ['an encryptData that is not base64', () => ({ ...v2Body().body, encryptData: 'not*base64!' })],
    ['a key block of the wrong length', () => ({ ...v2Body().body, encryptKey: randomBytes(64).toString('base64') })],
    ['two key blocks', () => ({ ...v2Body().body, encryptKey: Buffer.alloc(256, 1).toString('base64') })],
    [
      'a key block out of the modulus range',
      () => ({ ...v2Body().body, encryptKey: Buffer.alloc(128, 0xff).toString('base64') }),
    ],
    ['a key block with a bad padding', () => ({ ...v2Body().body, encryptKey: badBlock() })],
    [
      'a tampered key block',
      () => {
        const { body } = v2Body();
        return { ...body, encryptKey: flip(body.encryptKey, 40) };
      },
    ],
    ['a key of 16 bytes (its GCM right for it)', () => v2Body({}, randomBytes(16)).body],
    ['a key of 24 bytes (its GCM right for it)', () => v2Body({}, randomBytes(24)).body],
    [
      'a key of 33 bytes',
      () => {
        const k = randomBytes(33);
        return {
          encryptKey: wrap(k),
          encryptData: gcmSeal(k.subarray(0, 32), Buffer.from(JSON.stringify(signed()))).toString('base64'),
        };
      },
    ],
    ["another request's key", () => ({ ...v2Body().body, encryptKey: v2Body().body.encryptKey })],
    [
      'a failed GCM check (tag)',
      () => {
        const { body } = v2Body();
        return { ...body, encryptData: flip(body.encryptData, -1) };
      },
    ],
    [
      'a failed GCM check (ciphertext)',
      () => {
        const { body } = v2Body();
        return { ...body, encryptData: flip(body.encryptData, 20) };
      },
    ],
    [
      'a bad iv',
      () => {
        const { body } = v2Body();
        return { ...body, encryptData: flip(body.encryptData, 0) };
      },
    ],
    [
      'a truncated tag',
      () => {
        const { body } = v2Body();
        return { ...body, encryptData: Buffer.from(body.encryptData, 'base64').subarray(0, -4).toString('base64') };
      },
    ],
    [
      'sealed params shorter than iv and tag',
      () => ({ ...v2Body().body, encryptData: randomBytes(27).toString('base64') }),
    ],
    [
      'bad JSON under a good key',
      () => {
        const k = randomBytes(32);
        return { encryptKey: wrap(k), encryptData: gcmSeal(k, Buffer.from('{"timestamp": 1,')).toString('base64') };
      },
    ],
    [
      'a JSON array under a good key',
      () => {
        const k = randomBytes(32);
        return { encryptKey: wrap(k), encryptData: gcmSeal(k, Buffer.from('[1,2]')).toString('base64') };
      },
    ],
    [
      'a wrong sign',
      () => {
        const k = randomBytes(32);
        const forged = { ...signed(), sign: 'a'.repeat(40) };
        return { encryptKey: wrap(k), encryptData: gcmSeal(k, Buffer.from(JSON.stringify(forged))).toString('base64') };
      },
    ],
    [
      'a sign made with another secret',
      () => {
        const k = randomBytes(32);
        return {
          encryptKey: wrap(k),
          encryptData: gcmSeal(k, Buffer.from(JSON.stringify(signed({}, 'nope')))).toString('base64'),
        };
      },
    ],
    ['a stale timestamp', () => v2Body({ timestamp: Math.floor(Date.now() / 1000) - 301 }).body],
    ['a plaintext naming another key', () => v2Body({ keyId: 'k-other' }).body],
    ['a field beside the sealed ones', () => ({ ...v2Body().body, extra: 1 })],
    ['an encryptKey that is not a string', () => ({ ...v2Body().body, encryptKey: 12 })],
    ['an encryptKey without encryptData', () => ({ encryptKey: v2Body().body.encryptKey })],
    [
      'an encryptData of version 1 beside an encryptKey',
      () => ({
        encryptKey: v2Body().body.encryptKey,
        encryptData: (client.codec.sealPost({}, true) as { encryptData: string }).encryptData,
      }),
    ],
  ];

  it.each(refusals)('refuses %s with the one uniform answer', async (_name, body) => {
    const res = await client.raw('POST', path, body());
    expect({ code: res.code, msg: res.msg, data: res.data }).toEqual(uniform);
  });

  it('refuses a GET that names the sealed params as a POST would', async () => {
    const { body } = v2Body();
    const res = await client.raw('GET', `${callPath(userInfo)}?${new URLSearchParams(body)}`);
    expect({ code: res.code, msg: res.msg, data: res.data }).toEqual(uniform);
  });

  it('refuses a replayed request, the second time and when sent many times at once', async () => {
    const { body } = v2Body();
    expectCode(await client.raw('POST', path, body), '200');
    expectCode(await client.raw('POST', path, body), '10001');
    const burst = v2Body().body;
    const codes = (await Promise.all(Array.from({ length: 12 }, () => client.raw('POST', path, burst)))).map(
      (r) => r.code,
    );
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === '10001')).toHaveLength(11);
  });

  it('refuses the same params under a new key when the nonce was used (the sign does not cover K)', async () => {
    const plaintext = Buffer.from(JSON.stringify(signed()));
    const seal = () => {
      const k = randomBytes(32);
      return { encryptKey: wrap(k), encryptData: gcmSeal(k, plaintext).toString('base64') };
    };
    expectCode(await client.raw('POST', path, seal()), '200');
    expectCode(await client.raw('POST', path, seal()), '10001');
  });
});

describe('codec version 2 on the opener thread', () => {
  it('opens every request here on the thread, not in the event loop', async () => {
    const before = t.app.platform.opener.stats();
    const { body, k } = v2Body();
    const res = await client.raw('POST', path, body);
    expect(gcmOpen(k, res.data as string)).toMatchObject({ updating: 0 });
    const after = t.app.platform.opener.stats();
    expect(after.onThreads).toBe(before.onThreads + 1);
    expect(after.inEventLoop).toBe(before.inEventLoop);
  });

  it('a thread that dies with requests in flight: each is still answered, refusals stay refusals, another thread starts', async () => {
    const good = Array.from({ length: 20 }, () => v2Body());
    const forged = v2Body();
    forged.body.encryptData = flip(forged.body.encryptData, -1);
    const answers = Promise.all([...good, forged].map(({ body }) => client.raw('POST', path, body)));
    await t.app.platform.opener.crashOne();
    const res = await answers;
    res.slice(0, 20).forEach((r, i) => {
      expectCode(r, '200');
      expect(gcmOpen(good[i]!.k, r.data as string)).toMatchObject({ updating: 0 });
    });
    expect(res[20]).toMatchObject(uniform);
    await threadReady(t.app);
    const before = t.app.platform.opener.stats().onThreads;
    const { body, k } = v2Body();
    expect(gcmOpen(k, (await client.raw('POST', path, body)).data as string)).toMatchObject({ updating: 0 });
    expect(t.app.platform.opener.stats().onThreads).toBe(before + 1);
  });
});

describe('codec version 2 across processes and keys', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it('serves a client still on a rotated key for the grace period, answering under its K; refuses it after', async () => {
    const app = await createTestApp({}, database);
    const old = await app.client('PC');
    await rotateKey(database.db);
    expect((await loadKeyRing(database.db, { graceSeconds: 86_400 })).keys).toHaveLength(2);
    // The restarted process opens on a thread, which learns the new ring's keys.
    const restarted = await createTestApp({ CODEC_WORKERS: '1' }, database);
    await threadReady(restarted.app);
    const fresh = await restarted.client('PC');
    expect(fresh.keys.keyId).not.toBe(old.keys.keyId);
    const sealed = old.codec.post({});
    const res = await fresh.raw('POST', path, sealed.body);
    expectCode(res, '200');
    expect(sealed.open(res.data)).toMatchObject({ updating: 0 });
    const strict = await createTestApp({ KEY_GRACE_SECONDS: '0' }, database);
    expectCode(await (await strict.client('PC')).raw('POST', path, old.codec.post({}).body), '10001');
    await app.close();
    await restarted.close();
    await strict.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)(
    'refuses a request replayed to another process sharing Redis, also when sent to both at once',
    async () => {
      const shared = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `v2${Date.now()}:` };
      const a = await createTestApp(shared, database);
      const b = await createTestApp(shared, database);
      const fromA = await a.client('H5');
      const fromB = await b.client('H5');
      const { body } = fromA.codec.post({});
      expectCode(await fromA.raw('POST', path, body), '200');
      expectCode(await fromB.raw('POST', path, body), '10001');
      const race = fromA.codec.post({}).body;
      const codes = (
        await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? fromA : fromB).raw('POST', path, race)))
      ).map((r) => r.code);
      expect(codes.filter((c) => c === '200')).toHaveLength(1);
      await a.close();
      await b.close();
    },
  );
});
