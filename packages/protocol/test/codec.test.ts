import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gcmOpen, gcmSeal } from '../src/codec/aes-gcm';
import { isStrictBase64 } from '../src/codec/base64';
import { createClientCodec, createClientCodecV2, type HeldTicket } from '../src/codec/client';
import { hmacSha1Hex, md5Hex, toHex } from '../src/codec/hashes';
import {
  EnvelopeError,
  generateKeyPem,
  issueKeyTicket,
  loadServerKey,
  openEnvelope,
  openEnvelopeV2,
  openTicketed,
  sealData,
  sealDataV2,
  stripEnvelopeFields,
  ticketKeyMemo,
  verifySigned,
} from '../src/codec/server';
import { type Params, signString } from '../src/codec/sign';

const key = loadServerKey('k1', generateKeyPem());
const secret = 'test-secret';
const codec = createClientCodec({ rsaPublicKey: key.publicKeyPem, signSecret: secret, keyId: 'k1' });
const now = () => Math.floor(Date.now() / 1000);
const normalise = (v: unknown) => JSON.parse(JSON.stringify(v));

function openAndVerify(base64: string) {
  const { params } = openEnvelope([key], base64);
  verifySigned(params, { secret, nowSeconds: now() });
  return stripEnvelopeFields(params);
}

describe('hmac-sha1 and md5 (@noble/hashes)', () => {
  it('match node:crypto on any text, any secret', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ maxLength: 100 }), (text, secret) => {
        expect(hmacSha1Hex(secret, text)).toBe(createHmac('sha1', secret).update(text).digest('hex'));
        expect(md5Hex(text)).toBe(createHash('md5').update(text).digest('hex'));
      }),
    );
  });

  it('match node:crypto on long secrets (hashed first) and block-boundary lengths', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000]) {
      const text = 'x'.repeat(length);
      const secret = '密'.repeat(length);
      expect(hmacSha1Hex(secret, text)).toBe(createHmac('sha1', secret).update(text).digest('hex'));
      expect(md5Hex(text)).toBe(createHash('md5').update(text).digest('hex'));
    }
  });

  it('writes lowercase hex', () => {
    expect(toHex(Uint8Array.from([0, 15, 16, 255]))).toBe('000f10ff');
  });
});

describe('sign string', () => {
  it('sorts keys by code point, writes objects as JSON and leaves out sign and undefined', () => {
    expect(signString({ b: 2, a: 'x', o: { z: [1] }, sign: 'zz', u: undefined, B: true, n: null })).toBe(
      'B=true&a=x&b=2&n=null&o={"z":[1]}',
    );
  });
});

describe('the codec', () => {
  it('round-trips any JSON params, client to server', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter((k) => !['sign', 'timestamp', 'nonce', 'keyId', '__proto__'].includes(k)),
          fc.jsonValue({ maxDepth: 3 }),
          { maxKeys: 6 },
        ),
        (params) => {
          const body = codec.sealPost(params, true) as { encryptData: string };
          expect(isStrictBase64(body.encryptData)).toBe(true);
          expect(openAndVerify(body.encryptData)).toEqual(normalise(params));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round-trips any JSON answer, server to client', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (data) => {
        expect(codec.openData(sealData(key, data), 'POST', true)).toEqual(normalise(data));
        expect(codec.openData({ data: sealData(key, data) }, 'GET', true)).toEqual(normalise(data));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses any tampered ciphertext byte', () => {
    const body = codec.sealPost({ amount: 100, orderId: 'o-1', note: '测试'.repeat(40) }, true) as {
      encryptData: string;
    };
    const bytes = Buffer.from(body.encryptData, 'base64');
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (index, mask) => {
        const copy = Buffer.from(bytes);
        copy[index] = (copy[index] as number) ^ mask;
        expect(() => openAndVerify(copy.toString('base64'))).toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('refuses any changed signed field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('amount', 'orderId', 'timestamp', 'nonce', 'keyId'),
        fc.string({ minLength: 1, maxLength: 8 }),
        (field, junk) => {
          const signed = codec.sealPost({ amount: 100, orderId: 'o-1' }, false);
          const forged = { ...signed, [field]: `${String(signed[field])}${junk}` };
          expect(() => verifySigned(forged, { secret, nowSeconds: now() })).toThrow();
        },
      ),
    );
  });

  it('refuses answers forged without the private key', () => {
    const other = loadServerKey('k2', generateKeyPem());
    expect(() => codec.openData(sealData(other, { balance: 1_000_000 }), 'POST', true)).toThrow();
  });

  it('sends undefined GET params as empty fields and signs them', () => {
    const query = new URLSearchParams(codec.sealGet({ page: 1, keyword: undefined }, false));
    expect(query.get('keyword')).toBe('');
    const params = Object.fromEntries(query);
    expect(() => verifySigned(params, { secret, nowSeconds: now() })).not.toThrow();
  });
});

describe('strict base64', () => {
  it('accepts what an encoder writes and refuses foreign characters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.constantFrom('*', ' ', '-', '_', '\n', '==='), (bytes, junk) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(isStrictBase64(text)).toBe(true);
        expect(isStrictBase64(text + junk)).toBe(false);
      }),
    );
  });

  it('says what the grouped pattern it replaced says, on any text of base64 characters and padding', () => {
    const grouped = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    const unit = fc.constantFrom(...'AZaz09+/=='.split(''), '-', ' ');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (text) => {
        expect(isStrictBase64(text)).toBe(grouped.test(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('AES-256-GCM of the client (@noble/ciphers) against node:crypto', () => {
  it('node opens what the client seals, and the client what node seals', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 600 }), (k, plain) => {
        const sealed = gcmSeal(k, plain);
        expect(sealed.length).toBe(12 + plain.length + 16);
        const decipher = createDecipheriv('aes-256-gcm', k, sealed.subarray(0, 12), { authTagLength: 16 });
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        const opened = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
        expect(new Uint8Array(opened)).toEqual(plain);

        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', k, iv);
        const byNode = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
        expect(gcmOpen(k, byNode)).toEqual(plain);
      }),
      { numRuns: 100 },
    );
  });

  it('draws a fresh iv each time and refuses a short or tampered message', () => {
    const k = randomBytes(32);
    const a = gcmSeal(k, new Uint8Array(5));
    const b = gcmSeal(k, new Uint8Array(5));
    expect(toHex(a.subarray(0, 12))).not.toBe(toHex(b.subarray(0, 12)));
    expect(() => gcmOpen(k, a.subarray(0, 27))).toThrow();
    const tampered = Uint8Array.from(a);
    tampered[14] = (tampered[14] as number) ^ 1;
    expect(() => gcmOpen(k, tampered)).toThrow();
  });
});

describe('codec version 2', () => {
  const v2 = createClientCodecV2({ rsaPublicKey: key.publicKeyPem, signSecret: secret, keyId: 'k1' });
  const fields = fc.dictionary(
    fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((k) => !['sign', 'timestamp', 'nonce', 'keyId', '__proto__'].includes(k)),
    fc.jsonValue({ maxDepth: 3 }),
    { maxKeys: 6 },
  );

  function openV2(body: { encryptKey?: unknown; encryptData?: unknown }) {
    const opened = openEnvelopeV2([key], body.encryptKey as string, body.encryptData as string);
    verifySigned(opened.params, { secret, nowSeconds: now() });
    return { params: stripEnvelopeFields(opened.params), answerKey: opened.answerKey };
  }

  it('round-trips any params and any answer, each request under a key of its own', () => {
    fc.assert(
      fc.property(fields, fc.jsonValue({ maxDepth: 4 }), (params, answer) => {
        const { body, open } = v2.post(params);
        expect(Object.keys(body).sort()).toEqual(['encryptData', 'encryptKey']);
        // K under RSA: one 128-byte block.
        expect(Buffer.from(body.encryptKey as string, 'base64').length).toBe(128);
        const opened = openV2(body);
        expect(opened.params).toEqual(normalise(params));
        expect(opened.answerKey.length).toBe(32);
        expect(open(sealDataV2(opened.answerKey, answer))).toEqual(normalise(answer));
      }),
      { numRuns: 100 },
    );
  });

  it('GET: encryptKey and encryptParams on the query, undefined params as empty fields, the answer in data.data', () => {
    const { query, open } = v2.get({ page: 2, keyword: undefined });
    const fieldsOf = new URLSearchParams(query);
    expect([...fieldsOf.keys()].sort()).toEqual(['encryptKey', 'encryptParams']);
    const opened = openV2({ encryptKey: fieldsOf.get('encryptKey'), encryptData: fieldsOf.get('encryptParams') });
    expect(opened.params).toEqual({ page: 2, keyword: '' });
    expect(open({ data: sealDataV2(opened.answerKey, { list: [1] }) })).toEqual({ list: [1] });
    expect(() => open(sealDataV2(opened.answerKey, { list: [1] }))).toThrow();
  });

  it('an answer is unreadable without its request key: not by the public key, not by another request', () => {
    const first = v2.post({ orderId: 'o-1' });
    const second = v2.post({ orderId: 'o-1' });
    const answer = sealDataV2(openV2(first.body).answerKey, { balance: 1_000_000, phone: '13800000000' });
    expect(first.open(answer)).toEqual({ balance: 1_000_000, phone: '13800000000' });
    expect(() => second.open(answer)).toThrow();
    expect(() => codec.openData(answer, 'POST', true)).toThrow();
    expect(Buffer.from(answer, 'base64').toString('latin1')).not.toContain('13800000000');
    // A fresh iv each time: the same answer twice seals differently.
    expect(sealDataV2(openV2(second.body).answerKey, 1)).not.toBe(sealDataV2(openV2(v2.post({}).body).answerKey, 1));
  });

  it('refuses any tampered byte of the key block or the sealed params', () => {
    const { body } = v2.post({ amount: 100, orderId: 'o-1', note: '测试'.repeat(40) });
    for (const field of ['encryptKey', 'encryptData'] as const) {
      const bytes = Buffer.from(body[field] as string, 'base64');
      fc.assert(
        fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (index, mask) => {
          const copy = Buffer.from(bytes);
          copy[index] = (copy[index] as number) ^ mask;
          expect(() => openV2({ ...body, [field]: copy.toString('base64') })).toThrow();
        }),
        { numRuns: 100 },
      );
    }
  });

  it('refuses a key that is not 32 bytes, though its GCM is right for it', () => {
    const signed = codec.sealPost({ amount: 1 }, false);
    for (const length of [0, 16, 24, 31, 33, 64]) {
      const k = randomBytes(length);
      const usable = length === 16 || length === 24 ? k : randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv(`aes-${usable.length * 8}-gcm` as 'aes-256-gcm', usable, iv);
      const data = Buffer.concat([iv, cipher.update(JSON.stringify(signed)), cipher.final(), cipher.getAuthTag()]);
      const encryptKey = publicEncrypt({ key: key.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, k).toString(
        'base64',
      );
      expect(() => openV2({ encryptKey, encryptData: data.toString('base64') })).toThrow();
    }
  });

  it('refuses sealed params shorter than iv and tag, and a truncated tag', () => {
    const { body } = v2.post({ a: 1 });
    const data = Buffer.from(body.encryptData as string, 'base64');
    expect(() => openV2({ ...body, encryptData: data.subarray(0, 27).toString('base64') })).toThrow();
    expect(() => openV2({ ...body, encryptData: data.subarray(0, data.length - 4).toString('base64') })).toThrow();
    expect(() => openV2({ ...body, encryptData: '' })).toThrow();
    expect(() => openV2({ ...body, encryptKey: '' })).toThrow();
  });

  it('opens with a key of the grace period, and refuses a plaintext naming another key', () => {
    const retired = loadServerKey('k0', generateKeyPem());
    const old = createClientCodecV2({ rsaPublicKey: retired.publicKeyPem, signSecret: secret, keyId: 'k0' });
    const { body } = old.post({ a: 1 });
    expect(openEnvelopeV2([key, retired], body.encryptKey as string, body.encryptData as string).key.keyId).toBe('k0');
    expect(() => openEnvelopeV2([key], body.encryptKey as string, body.encryptData as string)).toThrow();
    const lying = createClientCodecV2({ rsaPublicKey: key.publicKeyPem, signSecret: secret, keyId: 'k0' }).post({});
    expect(() => openEnvelopeV2([key], lying.body.encryptKey as string, lying.body.encryptData as string)).toThrow();
  });
});

describe('codec version 2 with a key ticket', () => {
  const keys = { rsaPublicKey: key.publicKeyPem, signSecret: secret, keyId: 'k1' };

  /** The server's half: a ticket for the K of a plain request, and the opening of a ticketed one. */
  function serve(body: Params) {
    if (body.keyTicket !== undefined) {
      const record = records.get(body.keyTicket as string);
      if (!record) return { code: '10001' };
      const opened = openTicketed([key], body.keyTicket as string, record, body.encryptData as string);
      return { code: '200', data: sealDataV2(opened.answerKey, { echo: stripEnvelopeFields(opened.params) }) };
    }
    const opened = openEnvelopeV2([key], body.encryptKey as string, body.encryptData as string);
    const { ticket, record } = issueKeyTicket(key, opened.answerKey);
    records.set(ticket, record);
    return {
      code: '200',
      data: sealDataV2(opened.answerKey, { echo: stripEnvelopeFields(opened.params) }),
      keyTicket: ticket,
      ticketTtl: 600,
    };
  }
  const records = new Map<string, string>();

  it('asks once, then sends the ticket instead of encryptKey until it lapses', () => {
    let clock = 1_800_000_000_000;
    const client = createClientCodecV2(keys, { tickets: true, now: () => clock });
    const first = client.post({ n: 1 });
    expect(first.headers).toEqual({ 'X-Key-Ticket': 'want' });
    // A second call while the first is in flight does not ask again.
    const meanwhile = client.post({ n: 2 });
    expect(meanwhile.headers).toEqual({});
    expect(meanwhile.body.encryptKey).toBeDefined();
    const answer = serve(first.body);
    first.settle(answer);
    expect(first.open(answer.data)).toEqual({ echo: { n: 1 } });
    const ticketed = client.post({ n: 3 });
    expect(ticketed.ticketed).toBe(true);
    expect(Object.keys(ticketed.body).sort()).toEqual(['encryptData', 'keyTicket']);
    const again = serve(ticketed.body);
    expect(ticketed.open(again.data)).toEqual({ echo: { n: 3 } });
    const get = client.get({ page: 1 });
    expect(get.query).toMatch(/^keyTicket=[A-Za-z0-9_-]{22}&encryptParams=/);
    // Near its end (the margin before the server's 600 s), the client asks for a new one.
    clock += 586_000;
    const lapsed = client.post({ n: 4 });
    expect(lapsed.ticketed).toBe(false);
    expect(lapsed.headers).toEqual({ 'X-Key-Ticket': 'want' });
  });

  it('drops a refused ticket: the call sealed again goes as plain version 2 asking for a new one', () => {
    const client = createClientCodecV2(keys, { tickets: true });
    const first = client.post({});
    first.settle(serve(first.body));
    const ticketed = client.post({});
    expect(ticketed.ticketed).toBe(true);
    records.clear();
    const refused = serve(ticketed.body);
    expect(refused.code).toBe('10001');
    ticketed.settle(refused);
    const retry = client.post({});
    expect(retry.ticketed).toBe(false);
    expect(retry.headers).toEqual({ 'X-Key-Ticket': 'want' });
    const answer = serve(retry.body);
    retry.settle(answer);
    expect(retry.open(answer.data)).toEqual({ echo: {} });
    expect(client.post({}).ticketed).toBe(true);
  });

  it('a request with no answer (network) asks again next time; 1,000 uses end a ticket', () => {
    const client = createClientCodecV2(keys, { tickets: true });
    const lost = client.post({});
    lost.settle(null);
    const first = client.post({});
    expect(first.headers).toEqual({ 'X-Key-Ticket': 'want' });
    first.settle(serve(first.body));
    for (let i = 0; i < 1000; i++) expect(client.post({}).ticketed).toBe(true);
    expect(client.post({}).ticketed).toBe(false);
  });

  it('a keeper carries the ticket to the next codec (a page load), and a broken saved one is ignored', () => {
    let saved: HeldTicket | null = null;
    const keeper = {
      load: () => saved,
      save: (held: HeldTicket | null) => {
        saved = held;
      },
    };
    const page1 = createClientCodecV2(keys, { tickets: true, keeper });
    const first = page1.post({});
    first.settle(serve(first.body));
    expect(page1.post({}).ticketed).toBe(true);
    expect(saved).toMatchObject({ uses: 1 });
    const page2 = createClientCodecV2(keys, { tickets: true, keeper });
    const carried = page2.post({ n: 2 });
    expect(carried.ticketed).toBe(true);
    expect(carried.open(serve(carried.body).data)).toEqual({ echo: { n: 2 } });
    saved = { ticket: 'short', key: 'x', until: Number.NaN, uses: 0 };
    expect(createClientCodecV2(keys, { tickets: true, keeper }).post({}).ticketed).toBe(false);
  });

  it('without tickets, nothing changes: no header, encryptKey on every request', () => {
    const client = createClientCodecV2(keys);
    const first = client.post({});
    expect(first.headers).toEqual({});
    first.settle(serve(first.body));
    expect(client.post({}).body.encryptKey).toBeDefined();
  });

  it('a record opens only for its own ticket and key, and holds K sealed', () => {
    const k = randomBytes(32);
    const { ticket, record } = issueKeyTicket(key, k);
    expect(record).not.toContain(k.toString('base64'));
    const other = loadServerKey('k1', generateKeyPem());
    const sealed = createClientCodecV2(keys).post({}).body.encryptData as string;
    expect(() => openTicketed([key], 'B'.repeat(22), record, sealed)).toThrow(EnvelopeError);
    expect(() => openTicketed([other], ticket, record, sealed)).toThrow(EnvelopeError);
    expect(() => openTicketed([loadServerKey('k2', generateKeyPem())], ticket, record, sealed)).toThrow(EnvelopeError);
  });

  it('the memo of opened tickets answers only what the record would: same record, key still in the ring', () => {
    const memo = ticketKeyMemo(2);
    const k = randomBytes(32);
    const { ticket, record } = issueKeyTicket(key, k);
    const first = memo([key], ticket, record);
    expect(Buffer.compare(first.answerKey, k)).toBe(0);
    expect(memo([key], ticket, record)).toBe(first);
    // Another ticket's record under this ticket: opened again, and refused.
    const moved = issueKeyTicket(key, randomBytes(32)).record;
    expect(() => memo([key], ticket, moved)).toThrow(EnvelopeError);
    // The key retired from the ring: the remembered K is not used.
    expect(() => memo([loadServerKey('k2', generateKeyPem())], ticket, record)).toThrow(EnvelopeError);
    // Bounded: the oldest is forgotten, and opened again from its record when it comes back.
    for (let i = 0; i < 2; i++) {
      const next = issueKeyTicket(key, randomBytes(32));
      memo([key], next.ticket, next.record);
    }
    const again = memo([key], ticket, record);
    expect(again).not.toBe(first);
    expect(Buffer.compare(again.answerKey, k)).toBe(0);
  });
});
