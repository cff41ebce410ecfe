import { base64ToBytes, utf8 } from './base64';
import { parsePublicKeyPem, publicEncrypt, publicOpen, type RsaPublicKey } from './rsa-public';
import { type Params, signParams, signValue } from './sign';

export interface ClientKeys {
  rsaPublicKey: string;
  signSecret: string;
  keyId: string;
}

export type HttpMethod = 'GET' | 'POST';

export interface ClientCodec {
  /** The JSON body of a POST: `{encryptData}` or, with encrypt=false, the signed params. */
  sealPost(params: Params, encrypt: boolean): Params;
  /** The query string (no '?') of a GET: `encryptParams=...` or the signed params as fields. */
  sealGet(params: Params, encrypt: boolean): string;
  /** The real data inside a response envelope's `data` field. */
  openData(data: unknown, method: HttpMethod, encrypted: boolean): unknown;
}

class ResponseSealError extends Error {}

export function createClientCodec(keys: ClientKeys, now: () => number = Date.now): ClientCodec {
  const publicKey: RsaPublicKey = parsePublicKeyPem(keys.rsaPublicKey);
  const seal = (params: Params): Params => signParams(params, keys.signSecret, keys.keyId, Math.floor(now() / 1000));
  const encrypt = (params: Params): string => publicEncrypt(publicKey, utf8.encode(JSON.stringify(params)));

  return {
    sealPost(params, shouldEncrypt) {
      const signed = seal(params);
      return shouldEncrypt ? { encryptData: encrypt(signed) } : signed;
    },
    sealGet(params, shouldEncrypt) {
      const withEmpty: Params = {};
      for (const [key, value] of Object.entries(params)) withEmpty[key] = value === undefined ? '' : value;
      const signed = seal(withEmpty);
      const query = new URLSearchParams();
      if (shouldEncrypt) query.set('encryptParams', encrypt(signed));
      else for (const [key, value] of Object.entries(signed)) query.set(key, signValue(value));
      return query.toString();
    },
    openData(data, method, encrypted) {
      if (!encrypted || data === null || data === undefined) return data;
      const sealed = method === 'GET' && typeof data === 'object' ? (data as { data?: unknown }).data : data;
      if (typeof sealed !== 'string') throw new ResponseSealError('response data is not sealed');
      const bytes = base64ToBytes(sealed);
      if (!bytes) throw new ResponseSealError('response data is not base64');
      return JSON.parse(utf8.decode(publicOpen(publicKey, bytes)));
    },
  };
}
