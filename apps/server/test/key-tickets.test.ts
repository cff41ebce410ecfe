import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { checkVersion } from '@app/protocol/calls/system';
import { userInfo } from '@app/protocol/calls/user';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeyTickets, redisKeyTickets } from '../src/platform/codec/key-tickets';
import {
  createTestApp,
  expectCode,
  freshDatabase,
  loginAs,
  type TestClient,
  type TestDatabase,
  useTestApp,
  useTestClient,
} from './helpers';

/**
 * Version 2 with a key ticket (PROTOCOL.md): the requests are built with node:crypto from the
 * protocol's text, independent of the client codec.
 */
const path = callPath(checkVersion);
const t = useTestApp();
const client = useTestClient(t, 'H5');
const uniform = { code: '10001', msg: '请求无效，请刷新页面后重试', data: null };

/** Whose keys sign and wrap: this file's app, or another's. */
type Who = Pick<TestClient, 'keys' | 'raw'>;

function signed(who: Who) {
  const params = {
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    keyId: who.keys.keyId,
  };
  return { ...params, sign: computeSign(params, who.keys.signSecret) };
}

const gcmSeal = (k: Buffer, who: Who = client) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const plain = Buffer.from(JSON.stringify(signed(who)));
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
};

function gcmOpen(k: Buffer, base64: string): unknown {
  const bytes = Buffer.from(base64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', k, bytes.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(),
  );
}

const wrap = (k: Buffer, who: Who = client) =>
  publicEncrypt({ key: who.keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING }, k).toString('base64');

type TicketEnvelope = { code: string; data: unknown; keyTicket?: string; ticketTtl?: number };

/** A plain version-2 POST asking for a ticket: the ticket and its K. */
async function ticketOf(who: Who = client): Promise<{ ticket: string; k: Buffer; ttl: number }> {
  const k = randomBytes(32);
  const res = (await who.raw(
    'POST',
    path,
    { encryptKey: wrap(k, who), encryptData: gcmSeal(k, who) },
    { 'x-key-ticket': 'want' },
  )) as unknown as TicketEnvelope;
  expect(res.code).toBe('200');
  expect(res.keyTicket).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { ticket: res.keyTicket as string, k, ttl: res.ticketTtl as number };
}

describe('key tickets', () => {
  it('a version-2 request that wants one gets a ticket and its life beside its sealed answer', async () => {
    const k = randomBytes(32);
    const res = (await client.raw(
      'POST',
      path,
      { encryptKey: wrap(k), encryptData: gcmSeal(k) },
      { 'x-key-ticket': 'want' },
    )) as unknown as TicketEnvelope & { cipher: string };
    expect(res).toMatchObject({ code: '200', cipher: 'A256GCM', ticketTtl: 600 });
    expect(res.keyTicket).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(gcmOpen(k, res.data as string)).toMatchObject({ updating: 0 });
    // Without the header, or with another value, no ticket.
    for (const headers of [{}, { 'x-key-ticket': 'yes' }] as Array<Record<string, string>>) {
      const plain = (await client.raw('POST', path, client.codec.post({}).body, headers)) as unknown as TicketEnvelope;
      expectCode(plain as never, '200');
      expect(plain.keyTicket).toBeUndefined();
    }
  });

  it('later POSTs and GETs send the ticket instead of encryptKey, sealed and answered under the same K', async () => {
    const { ticket, k } = await ticketOf();
    for (let i = 0; i < 3; i++) {
      const res = await client.raw('POST', path, { keyTicket: ticket, encryptData: gcmSeal(k) });
      expectCode(res, '200');
      expect(gcmOpen(k, res.data as string)).toMatchObject({ updating: 0 });
      // A ticketed answer issues no new ticket.
      expect((res as unknown as TicketEnvelope).keyTicket).toBeUndefined();
    }
    const { token } = await loginAs(t, '13700000301');
    const query = new URLSearchParams({ keyTicket: ticket, encryptParams: gcmSeal(k) });
    const get = await client.raw('GET', `${callPath(userInfo)}?${query}`, undefined, { 'x-token': token });
    expectCode(get, '200');
    expect(gcmOpen(k, (get.data as { data: string }).data)).toMatchObject({ mobile: expect.stringContaining('****') });
  });

  it('a replay under a ticket is refused by the nonce rule', async () => {
    const { ticket, k } = await ticketOf();
    const body = { keyTicket: ticket, encryptData: gcmSeal(k) };
    expectCode(await client.raw('POST', path, body), '200');
    expect(await client.raw('POST', path, body)).toMatchObject(uniform);
  });

  it('a ticket without its K opens nothing and forges nothing: every fault is the uniform refusal', async () => {
    const { ticket, k } = await ticketOf();
    const other = await ticketOf();
    const sealedUnder = (key: Buffer) => ({ keyTicket: ticket, encryptData: gcmSeal(key) });
    const faults: Array<[string, Record<string, unknown>]> = [
      ['sealed under another client’s K', sealedUnder(other.k)],
      ['sealed under a key of its own', sealedUnder(randomBytes(32))],
      ['an unknown ticket', { keyTicket: 'A'.repeat(22), encryptData: gcmSeal(k) }],
      ['a malformed ticket', { keyTicket: `${ticket}x`, encryptData: gcmSeal(k) }],
      ['a ticket not a string', { keyTicket: 7, encryptData: gcmSeal(k) }],
      ['a ticket beside encryptKey', { keyTicket: ticket, encryptKey: wrap(k), encryptData: gcmSeal(k) }],
      ['a field beside the ticket', { keyTicket: ticket, encryptData: gcmSeal(k), extra: 1 }],
      ['no sealed data', { keyTicket: ticket }],
    ];
    for (const [name, body] of faults) expect(await client.raw('POST', path, body), name).toMatchObject(uniform);
    // The ticket still serves its owner afterwards.
    expectCode(await client.raw('POST', path, sealedUnder(k)), '200');
  });

  it('the ticket of one source is no ticket of another (the signature is the source’s)', async () => {
    const { ticket, k } = await ticketOf();
    const sdk = await t.client('H5SDK');
    expect(await sdk.raw('POST', path, { keyTicket: ticket, encryptData: gcmSeal(k) })).toMatchObject(uniform);
  });
});

describe('key tickets switched off (KEY_TICKET_TTL_SECONDS=0)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.drop());

  it('issues none and refuses every ticket', async () => {
    const off = await createTestApp({ KEY_TICKET_TTL_SECONDS: '0' }, database);
    try {
      const offClient = await off.client('H5');
      const res = (await offClient.raw('POST', path, offClient.codec.post({}).body, {
        'x-key-ticket': 'want',
      })) as unknown as TicketEnvelope;
      expect(res.code).toBe('200');
      expect(res.keyTicket).toBeUndefined();
      const k = randomBytes(32);
      expect(
        await offClient.raw('POST', path, { keyTicket: 'A'.repeat(22), encryptData: gcmSeal(k, offClient) }),
      ).toMatchObject(uniform);
    } finally {
      await off.close();
    }
  });
});

describe('the ticket stores', () => {
  it('in the process: a ticket lapses at its life and after 1,000 uses', async () => {
    let now = 1_000_000;
    const store = memoryKeyTickets({ ttlSeconds: 600 }, () => now);
    await store.put('t1', 'record-1');
    await store.put('t2', 'record-2');
    expect(await store.take('t1')).toBe('record-1');
    for (let i = 1; i < 1000; i++) expect(await store.take('t1')).toBe('record-1');
    expect(await store.take('t1')).toBeNull();
    expect(await store.take('t1')).toBeNull();
    now += 599_999;
    expect(await store.take('t2')).toBe('record-2');
    now += 1;
    expect(await store.take('t2')).toBeNull();
    expect(await store.take('never')).toBeNull();
    store.close();
  });

  it('in the process: at most maxTickets are kept, the oldest forgotten first', async () => {
    const store = memoryKeyTickets({ ttlSeconds: 600, maxTickets: 2 });
    await store.put('a', '1');
    await store.put('b', '2');
    await store.put('c', '3');
    expect(await store.take('a')).toBeNull();
    expect([await store.take('b'), await store.take('c')]).toEqual(['2', '3']);
    store.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('in Redis: shared by two processes, counted across them, expiring with the ticket', async () => {
    const prefix = `kt${Date.now()}:`;
    const a = new Redis(redisUrl as string);
    const b = new Redis(redisUrl as string);
    try {
      const one = redisKeyTickets(a, prefix, { ttlSeconds: 600, maxUses: 4 });
      const two = redisKeyTickets(b, prefix, { ttlSeconds: 600, maxUses: 4 });
      await one.put('shared', 'record');
      expect(await a.ttl(`${prefix}shared`)).toBeGreaterThan(590);
      const uses = await Promise.all([one.take('shared'), two.take('shared'), one.take('shared'), two.take('shared')]);
      expect(uses).toEqual(['record', 'record', 'record', 'record']);
      expect(await two.take('shared')).toBeNull();
      expect(await a.exists(`${prefix}shared`)).toBe(0);
      // An unknown ticket leaves nothing behind (no key without a life).
      expect(await one.take('unknown')).toBeNull();
      expect(await a.exists(`${prefix}unknown`)).toBe(0);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it.runIf(redisUrl)(
    'in Redis: a ticket one process issued serves at another, and K is not in Redis in the clear',
    async () => {
      const database = await freshDatabase();
      const shared = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `ktapp${Date.now()}:` };
      const a = await createTestApp(shared, database);
      const b = await createTestApp(shared, database);
      const redis = new Redis(redisUrl as string);
      try {
        const fromA = await a.client('H5');
        const fromB = await b.client('H5');
        const { ticket, k } = await ticketOf(fromA);
        const res = await fromB.raw('POST', path, { keyTicket: ticket, encryptData: gcmSeal(k, fromB) });
        expectCode(res, '200');
        expect(gcmOpen(k, res.data as string)).toMatchObject({ updating: 0 });
        const stored = await redis.hgetall(`${shared.REDIS_PREFIX}ticket:${ticket}`);
        expect(stored.r).toBeTruthy();
        for (const value of Object.values(stored)) {
          expect(value).not.toContain(k.toString('base64'));
          expect(Buffer.from(value, 'latin1').includes(k)).toBe(false);
        }
      } finally {
        redis.disconnect();
        await a.close();
        await b.close();
        await database.drop();
      }
    },
  );
});
