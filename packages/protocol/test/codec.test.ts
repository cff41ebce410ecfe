import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStrictBase64 } from '../src/codec/base64';
import { createClientCodec } from '../src/codec/client';
import {
  generateKeyPem,
  loadServerKey,
  openEnvelope,
  sealData,
  stripEnvelopeFields,
  verifySigned,
} from '../src/codec/server';
import { hmacSha1Hex, sha1, toHex } from '../src/codec/sha1';
import { signString } from '../src/codec/sign';

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

describe('sha1 and hmac (pure TypeScript)', () => {
  it('match node:crypto on any input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string(), (bytes, text) => {
        expect(toHex(sha1(bytes))).toBe(createHash('sha1').update(bytes).digest('hex'));
        expect(hmacSha1Hex(text, `${text}!`)).toBe(createHmac('sha1', text).update(`${text}!`).digest('hex'));
      }),
    );
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
});

describe('md5 (statistics signature)', () => {
  it('matches node:crypto on any text', async () => {
    const { md5Hex } = await import('../src/codec/md5');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(md5Hex(text)).toBe(createHash('md5').update(text).digest('hex'));
      }),
    );
  });
});
