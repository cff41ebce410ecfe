import { GCM_KEY_BYTES, gcmOpen, gcmSeal, randomBytes } from './aes-gcm';
import { base64ToBytes, bytesToBase64, utf8 } from './base64';
import { parsePublicKeyPem, publicEncrypt, publicOpen, type RsaPublicKey } from './rsa-public';
import { type Params, signParams, signValue } from './sign';

export interface ClientKeys {
  rsaPublicKey: string;
  signSecret: string;
  keyId: string;
}

export type HttpMethod = 'GET' | 'POST';

/** Opens the `data` field of a success envelope answering one version-2 request. */
export type OpenAnswer = (data: unknown) => unknown;

/** Codec version 2 (PROTOCOL.md), what every client should speak. */
export interface ClientCodecV2 {
  /** The POST body `{encryptKey, encryptData}` and how to open its answer (only with its key). */
  post(params: Params): { body: Params; open: OpenAnswer };
  /** The GET query (no '?') `encryptKey=…&encryptParams=…` and how to open its answer. */
  get(params: Params): { query: string; open: OpenAnswer };
}

/** Both versions and plain signed requests: for tests and benchmarks that speak each of them. */
export interface ClientCodec extends ClientCodecV2 {
  /** Version 1: the JSON body of a POST, `{encryptData}` or, with encrypt=false, the signed params. */
  sealPost(params: Params, encrypt: boolean): Params;
  /** Version 1: the query string (no '?') of a GET, `encryptParams=...` or the signed params as fields. */
  sealGet(params: Params, encrypt: boolean): string;
  /** Version 1: the real data inside a response envelope's `data` field. */
  openData(data: unknown, method: HttpMethod, encrypted: boolean): unknown;
}

class ResponseSealError extends Error {}

/** The sealed answer of a success envelope: `data` (POST) or `data.data` (GET), a base64 string. */
function sealedBytes(data: unknown, method: HttpMethod): Uint8Array {
  const sealed =
    method === 'POST' ? data : typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : null;
  if (typeof sealed !== 'string') throw new ResponseSealError('response data is not sealed');
  const bytes = base64ToBytes(sealed);
  if (!bytes) throw new ResponseSealError('response data is not base64');
  return bytes;
}

/** GET sends undefined params as empty fields, so that the sign covers them as the server sees them. */
function withEmptyFields(params: Params): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(params)) out[key] = value === undefined ? '' : value;
  return out;
}

const signerOf = (keys: ClientKeys, now: () => number) => (params: Params) =>
  signParams(params, keys.signSecret, keys.keyId, Math.floor(now() / 1000));

/**
 * Version 2 only (the web's): a fresh key K per request under RSA (one block), the signed params
 * and the answer under K with AES-256-GCM. Nothing of version 1 is bundled with it.
 */
export function createClientCodecV2(keys: ClientKeys, now: () => number = Date.now): ClientCodecV2 {
  const publicKey: RsaPublicKey = parsePublicKeyPem(keys.rsaPublicKey);
  const sign = signerOf(keys, now);
  const seal = (params: Params, method: HttpMethod) => {
    const aesKey = randomBytes(GCM_KEY_BYTES);
    const encryptKey = publicEncrypt(publicKey, aesKey);
    const encryptData = bytesToBase64(gcmSeal(aesKey, utf8.encode(JSON.stringify(sign(params)))));
    const open: OpenAnswer = (data) => JSON.parse(utf8.decode(gcmOpen(aesKey, sealedBytes(data, method))));
    return { encryptKey, encryptData, open };
  };
  return {
    post(params) {
      const { encryptKey, encryptData, open } = seal(params, 'POST');
      return { body: { encryptKey, encryptData }, open };
    },
    get(params) {
      const { encryptKey, encryptData, open } = seal(withEmptyFields(params), 'GET');
      return { query: new URLSearchParams({ encryptKey, encryptParams: encryptData }).toString(), open };
    },
  };
}

/** Version 2, version 1 and plain signed requests. */
export function createClientCodec(keys: ClientKeys, now: () => number = Date.now): ClientCodec {
  const publicKey: RsaPublicKey = parsePublicKeyPem(keys.rsaPublicKey);
  const sign = signerOf(keys, now);
  const encrypt = (params: Params): string => publicEncrypt(publicKey, utf8.encode(JSON.stringify(params)));
  return {
    ...createClientCodecV2(keys, now),
    sealPost(params, shouldEncrypt) {
      const signed = sign(params);
      return shouldEncrypt ? { encryptData: encrypt(signed) } : signed;
    },
    sealGet(params, shouldEncrypt) {
      const signed = sign(withEmptyFields(params));
      const query = new URLSearchParams();
      if (shouldEncrypt) query.set('encryptParams', encrypt(signed));
      else for (const [key, value] of Object.entries(signed)) query.set(key, signValue(value));
      return query.toString();
    },
    openData(data, method, encrypted) {
      if (!encrypted || data === null || data === undefined) return data;
      return JSON.parse(utf8.decode(publicOpen(publicKey, sealedBytes(data, method))));
    },
  };
}
