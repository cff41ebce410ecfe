import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { checkVersion, clientConfig } from '@app/protocol/calls/system';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import { describe, expect, it } from 'vitest';
import { expectCode, useTestApp, useTestClient } from './helpers';

const path = callPath(checkVersion);

const t = useTestApp();
const client = useTestClient(t, 'H5');

/** A signed plaintext exactly as PROTOCOL.md describes, with hand-chosen fields. */
function signed(fields: Record<string, unknown>, secret = client.keys.signSecret) {
  const params = { timestamp: Math.floor(Date.now() / 1000), nonce: randomBytes(16).toString('hex'), ...fields };
  return { ...params, sign: computeSign(params, secret) };
}

function encryptRaw(plaintext: Buffer): string {
  const blocks: Buffer[] = [];
  for (let i = 0; i < plaintext.length; i += 117) {
    blocks.push(
      publicEncrypt(
        { key: client.keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING },
        plaintext.subarray(i, i + 117),
      ),
    );
  }
  return Buffer.concat(blocks).toString('base64');
}

describe('the envelope', () => {
  it('bootstraps plain keys per source', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${callPath(clientConfig)}?source=H5SDK` });
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.data.rsaPublicKey).toContain('BEGIN PUBLIC KEY');
    expect(body.data.signSecret).not.toBe(client.keys.signSecret);
  });

  it('answers checkVersion encrypted and in plain', async () => {
    const sealed = await client.call(checkVersion, {});
    expectCode(sealed, '200');
    expect(sealed.data).toMatchObject({ updating: 0, env: 'local', gray: false });
    const plain = await client.call(checkVersion, {}, { encrypt: false });
    expect(plain.data).toMatchObject({ updating: 0 });
  });

  it('accepts a request encrypted by node:crypto, independent of the client codec', async () => {
    const res = await client.raw('POST', path, { encryptData: encryptRaw(Buffer.from(JSON.stringify(signed({})))) });
    expectCode(res, '200');
    expect(typeof res.data).toBe('string');
  });

  it('is served behind the gateway prefixes too', async () => {
    const res = await client.raw('POST', `/user${path}`, client.codec.sealPost({}, false));
    expectCode(res, '200');
  });

  const refusals: Array<[string, () => unknown]> = [
    ['a wrong sign', () => ({ ...signed({}), sign: 'a'.repeat(40) })],
    ['a sign made with another secret', () => signed({}, 'not-the-secret')],
    ['a stale timestamp', () => signed({ timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ['a future timestamp', () => signed({ timestamp: Math.floor(Date.now() / 1000) + 301 })],
    ['no sign at all', () => ({ timestamp: Math.floor(Date.now() / 1000), nonce: randomBytes(16).toString('hex') })],
    ['bad base64', () => ({ encryptData: 'not*base64!' })],
    ['base64 of the wrong length', () => ({ encryptData: Buffer.alloc(100).toString('base64') })],
    [
      'a bad padding',
      () => {
        const block = Buffer.alloc(128);
        block[1] = 0x05;
        randomBytes(120).copy(block, 8);
        return {
          encryptData: publicEncrypt(
            { key: client.keys.rsaPublicKey, padding: constants.RSA_NO_PADDING },
            block,
          ).toString('base64'),
        };
      },
    ],
    ['bad JSON inside', () => ({ encryptData: encryptRaw(Buffer.from('{"timestamp": 1,')) })],
    [
      'a tampered ciphertext',
      () => {
        const body = client.codec.sealPost({ appVersion: '1.0.0' }, true) as { encryptData: string };
        const bytes = Buffer.from(body.encryptData, 'base64');
        bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 0x40;
        return { encryptData: bytes.toString('base64') };
      },
    ],
  ];

  it.each(refusals)('refuses %s with the one uniform answer', async (_name, body) => {
    const res = await client.raw('POST', path, body());
    expect({ code: res.code, msg: res.msg, data: res.data }).toEqual({
      code: '10001',
      msg: '请求无效，请刷新页面后重试',
      data: null,
    });
  });

  it('refuses a replayed nonce, encrypted or plain', async () => {
    const body = client.codec.sealPost({}, true);
    expectCode(await client.raw('POST', path, body), '200');
    expectCode(await client.raw('POST', path, body), '10001');
    const plain = client.codec.sealPost({}, false);
    expectCode(await client.raw('POST', path, plain), '200');
    expectCode(await client.raw('POST', path, plain), '10001');
  });

  it('refuses an unknown X-Source and malformed JSON bodies uniformly', async () => {
    expectCode(await client.raw('POST', path, client.codec.sealPost({}, true), { 'x-source': 'EVIL' }), '10001');
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-source': 'H5' },
      payload: '{oops',
    });
    expect(res.json().code).toBe('10001');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-source': 'H5' },
      payload: JSON.stringify({ encryptData: 'A'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('10006');
  });

  it('answers unknown API paths with an envelope 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pb/api/app/system/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('10004');
  });

  it('gives a request id to every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
