import {
  constants,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  privateEncrypt,
  timingSafeEqual,
} from 'node:crypto';
import { base64ToBytes, bytesToBase64, concatBytes, utf8 } from './base64';
import { computeSign, type Params } from './sign';

/**
 * The server half of the codec, on node:crypto. Decryption reads the raw RSA block and removes
 * the PKCS#1 v1.5 padding itself with implicit rejection: a malformed block yields deterministic
 * pseudo-random bytes instead of an error, so the caller fails later, at the same place a forgery
 * fails (JSON or signature), and nothing tells a bad padding from a bad signature.
 */

export const TIMESTAMP_WINDOW_SECONDS = 300;

export interface ServerKey {
  keyId: string;
  privateKey: KeyObject;
  publicKeyPem: string;
  size: number;
  /** Secret for implicit rejection, derived from the private key. */
  rejectionKey: Buffer;
}

/** Why an envelope was refused; logged, never answered (the answer is uniform). */
export class EnvelopeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function generateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function loadServerKey(keyId: string, privateKeyPem: string): ServerKey {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 1024) / 8;
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  const rejectionKey = createHash('sha256').update('implicit-rejection').update(der).digest();
  return { keyId, privateKey, publicKeyPem, size, rejectionKey };
}

function syntheticMessage(key: ServerKey, block: Uint8Array): Uint8Array {
  const kdk = createHmac('sha256', key.rejectionKey).update(block).digest();
  const maxLength = key.size - 11;
  const stream: Buffer[] = [];
  for (let i = 0; stream.length * 32 < maxLength + 2; i++) {
    stream.push(createHmac('sha256', kdk).update(`message:${i}`).digest());
  }
  const bytes = Buffer.concat(stream);
  const length = ((bytes[0] as number) * 256 + (bytes[1] as number)) % (maxLength + 1);
  return bytes.subarray(2, 2 + length);
}

/** Unpads one raw block; on bad padding returns the synthetic message (no early exit on content). */
function unpadImplicit(key: ServerKey, raw: Uint8Array, cipherBlock: Uint8Array): Uint8Array {
  let good = (raw[0] === 0 ? 1 : 0) & (raw[1] === 2 ? 1 : 0);
  let separator = 0;
  let found = 0;
  for (let i = 2; i < raw.length; i++) {
    const isZero = raw[i] === 0 ? 1 : 0;
    const first = isZero & (found ^ 1);
    separator = first ? i : separator;
    found |= isZero;
  }
  good &= found & (separator >= 10 ? 1 : 0);
  const synthetic = syntheticMessage(key, cipherBlock);
  return good ? raw.subarray(separator + 1) : synthetic;
}

function decryptWith(key: ServerKey, bytes: Uint8Array): Uint8Array {
  if (bytes.length === 0 || bytes.length % key.size !== 0) throw new EnvelopeError('cipher length');
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += key.size) {
    const block = bytes.subarray(offset, offset + key.size);
    let raw: Buffer;
    try {
      raw = privateDecrypt({ key: key.privateKey, padding: constants.RSA_NO_PADDING }, block);
    } catch {
      throw new EnvelopeError('cipher block out of range');
    }
    parts.push(unpadImplicit(key, raw, block));
  }
  return concatBytes(parts);
}

/**
 * Opens `encryptData`/`encryptParams`: tries the current key, then the keys still in their grace
 * period; the plaintext must be a JSON object naming the key that opened it (or none).
 */
export function openEnvelope(keys: readonly ServerKey[], base64: string): { params: Params; key: ServerKey } {
  const bytes = base64ToBytes(base64);
  if (!bytes) throw new EnvelopeError('base64');
  for (const key of keys) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(utf8.decode(decryptWith(key, bytes)));
    } catch (error) {
      if (error instanceof EnvelopeError && error.reason === 'cipher length') throw error;
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) continue;
    const keyId = (parsed as Params).keyId;
    if (keyId !== undefined && keyId !== key.keyId) continue;
    return { params: parsed as Params, key };
  }
  throw new EnvelopeError('plaintext');
}

export interface VerifyOptions {
  secret: string;
  nowSeconds: number;
  windowSeconds?: number;
}

/** Checks sign, timestamp window and nonce shape; the nonce's freshness is the caller's store. */
export function verifySigned(params: Params, options: VerifyOptions): { nonce: string; timestamp: number } {
  const { sign, timestamp, nonce } = params;
  if (typeof sign !== 'string' || !/^[0-9a-f]{40}$/.test(sign)) throw new EnvelopeError('sign shape');
  if (typeof nonce !== 'string' || !/^[0-9A-Za-z]{16,64}$/.test(nonce)) throw new EnvelopeError('nonce shape');
  const ts = typeof timestamp === 'number' ? timestamp : Number(timestamp);
  if (!Number.isInteger(ts)) throw new EnvelopeError('timestamp shape');
  const expected = Buffer.from(computeSign(params, options.secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) throw new EnvelopeError('sign');
  const window = options.windowSeconds ?? TIMESTAMP_WINDOW_SECONDS;
  if (Math.abs(options.nowSeconds - ts) > window) throw new EnvelopeError('timestamp');
  return { nonce, timestamp: ts };
}

/** Seals response data with the private key (PKCS#1 v1.5 type 1) in chunks: base64. */
export function sealData(key: ServerKey, data: unknown): string {
  const plain = utf8.encode(JSON.stringify(data ?? null));
  const chunk = key.size - 11;
  const blocks: Uint8Array[] = [];
  for (let offset = 0; offset < plain.length; offset += chunk) {
    blocks.push(
      privateEncrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_PADDING },
        plain.subarray(offset, offset + chunk),
      ),
    );
  }
  return bytesToBase64(concatBytes(blocks));
}

/** The signed fields a route never sees. */
export function stripEnvelopeFields(params: Params): Params {
  const { sign: _s, timestamp: _t, nonce: _n, keyId: _k, ...rest } = params;
  return rest;
}
