import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  privateEncrypt,
  randomFillSync,
  timingSafeEqual,
} from 'node:crypto';
import { bytesToBase64, concatBytes, isStrictBase64, utf8 } from './base64';
import { type Params, signString } from './sign';

/**
 * The server half of the codec, on node:crypto. Decryption reads the raw RSA block and removes
 * the PKCS#1 v1.5 padding itself with implicit rejection: a malformed block yields deterministic
 * pseudo-random bytes instead of an error, so the caller fails later, at the same place a forgery
 * fails (JSON or signature), and nothing tells a bad padding from a bad signature.
 */

export const TIMESTAMP_WINDOW_SECONDS = 300;

/** Strict base64 (base64.ts) decoded by node itself: the browser's atob and a loop cost more than the check. */
const base64ToBytes = (text: string): Buffer | null => (isStrictBase64(text) ? Buffer.from(text, 'base64') : null);

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

function parseParams(plain: Uint8Array, key: ServerKey): Params | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(plain));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const keyId = (parsed as Params).keyId;
  return keyId === undefined || keyId === key.keyId ? (parsed as Params) : null;
}

/**
 * Version 1: opens `encryptData`/`encryptParams`: tries the current key, then the keys still in their grace
 * period; the plaintext must be a JSON object naming the key that opened it (or none).
 */
export function openEnvelope(keys: readonly ServerKey[], base64: string): { params: Params; key: ServerKey } {
  const bytes = base64ToBytes(base64);
  if (!bytes) throw new EnvelopeError('base64');
  for (const key of keys) {
    let plain: Uint8Array;
    try {
      plain = decryptWith(key, bytes);
    } catch (error) {
      if (error instanceof EnvelopeError && error.reason === 'cipher length') throw error;
      continue;
    }
    const params = parseParams(plain, key);
    if (params) return { params, key };
  }
  throw new EnvelopeError('plaintext');
}

const GCM_KEY_BYTES = 32;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

/** A version-2 request opened: its params, the RSA key that unwrapped K, and K (seals the answer). */
export interface OpenedV2 {
  params: Params;
  key: ServerKey;
  answerKey: Buffer;
}

/** `iv || ciphertext || tag` under K; null when the tag does not check (the caller decides what that means). */
function gcmOpen(answerKey: Uint8Array, sealed: Uint8Array): Buffer | null {
  const iv = sealed.subarray(0, GCM_IV_BYTES);
  const tag = sealed.subarray(sealed.length - GCM_TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', answerKey, iv, { authTagLength: GCM_TAG_BYTES });
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(GCM_IV_BYTES, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

/**
 * K from one RSA block of version 2. The block must hold exactly `00 02 PS 00 K` with K 32 bytes
 * (PS at least 8 non-zero bytes); anything else yields a key derived from the block, so the GCM tag
 * check fails at the same step as a forged ciphertext and not even timing tells a bad block from a
 * bad tag. One RSA operation and one HMAC, whatever the block (version 1's synthetic message of
 * pseudo-random length is not needed: only a 32-byte K is ever accepted).
 */
function unwrapAnswerKey(key: ServerKey, block: Uint8Array): Uint8Array {
  const raw = privateDecrypt({ key: key.privateKey, padding: constants.RSA_NO_PADDING }, block);
  const separator = raw.length - GCM_KEY_BYTES - 1;
  let bad = raw[0]! | (raw[1]! ^ 2) | raw[separator]!;
  for (let i = 2; i < separator; i++) bad |= raw[i] === 0 ? 1 : 0;
  const substitute = createHmac('sha256', key.rejectionKey).update('v2-key').update(block).digest();
  return bad === 0 ? raw.subarray(separator + 1) : substitute;
}

/**
 * Version 2 (PROTOCOL.md): unwraps K from `encryptKey` (one RSA block, implicit rejection as in
 * version 1) and opens `encryptData`/`encryptParams` under it with AES-256-GCM. Tries the current
 * key, then the keys in their grace period: the GCM tag tells which key unwrapped the real K.
 * The plaintext must be a JSON object naming that key (or none). One RSA operation per key tried.
 */
export function openEnvelopeV2(keys: readonly ServerKey[], encryptKey: string, encryptData: string): OpenedV2 {
  const block = base64ToBytes(encryptKey);
  if (!block) throw new EnvelopeError('v2 key base64');
  const sealed = base64ToBytes(encryptData);
  if (!sealed) throw new EnvelopeError('v2 data base64');
  if (sealed.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw new EnvelopeError('v2 data shorter than iv and tag');
  let reason = 'v2 key block length';
  for (const key of keys) {
    if (block.length !== key.size) continue;
    let answerKey: Uint8Array;
    try {
      answerKey = unwrapAnswerKey(key, block);
    } catch {
      reason = 'v2 key block out of range';
      continue;
    }
    const plain = gcmOpen(answerKey, sealed);
    if (!plain) {
      reason = 'v2 key or tag';
      continue;
    }
    const params = parseParams(plain, key);
    if (params) return { params, key, answerKey: Buffer.from(answerKey) };
    reason = 'v2 plaintext';
  }
  throw new EnvelopeError(reason);
}

/** Random bytes drawn 4 KB at a time: one draw per 341 answers instead of one each (a draw costs ~14 µs). */
const ivPool = Buffer.alloc(4092);
let ivOffset = ivPool.length;
function freshIv(): Buffer {
  if (ivOffset + GCM_IV_BYTES > ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  // A copy: the pool is refilled in place later.
  const iv = Buffer.from(ivPool.subarray(ivOffset, ivOffset + GCM_IV_BYTES));
  ivOffset += GCM_IV_BYTES;
  return iv;
}

/** Version 2: seals response data under the request's K with a fresh iv: base64 of `iv || ciphertext || tag`. */
export function sealDataV2(answerKey: Uint8Array, data: unknown): string {
  return sealJsonV2(answerKey, JSON.stringify(data ?? null));
}

/** sealDataV2 of data already in JSON (an answer kept serialised), as text or as its UTF-8 bytes. */
export function sealJsonV2(answerKey: Uint8Array, json: string | Uint8Array): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', answerKey, iv, { authTagLength: GCM_TAG_BYTES });
  const body = typeof json === 'string' ? cipher.update(json, 'utf8') : cipher.update(json);
  return Buffer.concat([iv, body, cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/**
 * A whole answer body around sealJsonV2's text: `before` + base64 + `after`, as bytes ready for the
 * socket (base64 needs no JSON escaping, so the envelope is not serialised again; ASCII only).
 */
export function sealJsonV2Body(
  answerKey: Uint8Array,
  json: string | Uint8Array,
  before: string,
  after: string,
): Buffer {
  const sealed = sealJsonV2(answerKey, json);
  const body = Buffer.allocUnsafe(before.length + sealed.length + after.length);
  body.write(before, 0, 'latin1');
  body.write(sealed, before.length, 'latin1');
  body.write(after, before.length + sealed.length, 'latin1');
  return body;
}

/** The cipher a version-2 answer names in its envelope (PROTOCOL.md). */
export const ANSWER_CIPHER_V2 = 'A256GCM';

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
  const expected = createHmac('sha1', options.secret).update(signString(params)).digest();
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

/** The key that seals one ticket's K at rest: derived from the server key that unwrapped K and bound to the ticket. */
const ticketRestKey = (key: ServerKey, ticket: string) =>
  createHmac('sha256', key.rejectionKey).update('key-ticket:').update(ticket).digest();

/**
 * A new ticket naming K, and its record for the ticket store: `<keyId>.<base64 of K sealed under
 * ticketRestKey>`. A store (Redis) holds only the record: never K in the clear, and a record moved
 * to another ticket does not open.
 */
export function issueKeyTicket(key: ServerKey, answerKey: Uint8Array): { ticket: string; record: string } {
  const ticket = randomBytes16().toString('base64url');
  return { ticket, record: `${key.keyId}.${sealJsonV2(ticketRestKey(key, ticket), Buffer.from(answerKey))}` };
}

function randomBytes16(): Buffer {
  const bytes = Buffer.alloc(16);
  randomFillSync(bytes);
  return bytes;
}

/** K of one ticket, opened from its record: the server key that issued the ticket, and K. */
export interface TicketKey {
  key: ServerKey;
  answerKey: Buffer;
}

/**
 * K from a ticket's record (`<keyId>.<K sealed under ticketRestKey>`): the key that issued it must
 * still be in the ring, and the record must open under the key bound to this ticket. Every fault is
 * one EnvelopeError, as elsewhere. No RSA operation.
 */
export function openTicketKey(keys: readonly ServerKey[], ticket: string, record: string): TicketKey {
  const dot = record.indexOf('.');
  const key = keys.find((k) => k.keyId === record.slice(0, dot));
  if (dot < 0 || !key) throw new EnvelopeError('ticket key retired');
  const sealedKey = base64ToBytes(record.slice(dot + 1));
  const answerKey = sealedKey ? gcmOpen(ticketRestKey(key, ticket), sealedKey) : null;
  if (!answerKey || answerKey.length !== GCM_KEY_BYTES) throw new EnvelopeError('ticket record');
  return { key, answerKey };
}

/** `encryptData`/`encryptParams` of a ticketed request opened under the ticket's K; the plaintext must name the key that issued it (or none). */
export function openUnderTicket(ticketKey: TicketKey, encryptData: string): OpenedV2 {
  const sealed = base64ToBytes(encryptData);
  if (!sealed || sealed.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw new EnvelopeError('ticketed data');
  const plain = gcmOpen(ticketKey.answerKey, sealed);
  if (!plain) throw new EnvelopeError('ticketed tag');
  const params = parseParams(plain, ticketKey.key);
  if (!params) throw new EnvelopeError('ticketed plaintext');
  return { params, key: ticketKey.key, answerKey: ticketKey.answerKey };
}

/** A ticketed version-2 request: K from the ticket's record, then the params opened under it (openTicketKey, openUnderTicket). */
export function openTicketed(
  keys: readonly ServerKey[],
  ticket: string,
  record: string,
  encryptData: string,
): OpenedV2 {
  return openUnderTicket(openTicketKey(keys, ticket, record), encryptData);
}

/**
 * openTicketKey remembered for the tickets this process has opened (at most `maxEntries`, the
 * oldest forgotten first): a ticket's requests after its first skip the record's HMAC, base64 and
 * GCM open. It decides nothing the record would not: the store still counts every use and says
 * whether the ticket lives, an entry answers only for the same record, and only while the key
 * that issued it is still in the ring.
 */
export function ticketKeyMemo(maxEntries = 20_000) {
  const known = new Map<string, { record: string; opened: TicketKey }>();
  return (keys: readonly ServerKey[], ticket: string, record: string): TicketKey => {
    const hit = known.get(ticket);
    if (hit && hit.record === record && keys.includes(hit.opened.key)) return hit.opened;
    const opened = openTicketKey(keys, ticket, record);
    if (known.size >= maxEntries) known.delete(known.keys().next().value as string);
    known.set(ticket, { record, opened });
    return opened;
  };
}
