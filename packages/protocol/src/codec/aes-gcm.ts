import { gcm } from '@noble/ciphers/aes.js';
import { concatBytes } from './base64';

/**
 * AES-256-GCM of codec version 2 (PROTOCOL.md), the client's half, on @noble/ciphers: pure JS,
 * because plain-http web views have no `crypto.subtle`. A sealed message is
 * `iv (12 bytes) || ciphertext || tag (16 bytes)`, no additional data.
 */
export const GCM_KEY_BYTES = 32;
export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;

class GcmFormatError extends Error {}

export function randomBytes(count: number): Uint8Array {
  const out = new Uint8Array(count);
  globalThis.crypto.getRandomValues(out);
  return out;
}

/** Seals under the key with a fresh random iv. */
export function gcmSeal(key: Uint8Array, plaintext: Uint8Array): Uint8Array {
  const iv = randomBytes(GCM_IV_BYTES);
  return concatBytes([iv, gcm(key, iv).encrypt(plaintext)]);
}

/** Opens `iv || ciphertext || tag`; throws on a short message or a failed tag check. */
export function gcmOpen(key: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (sealed.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw new GcmFormatError('sealed message too short');
  return gcm(key, sealed.subarray(0, GCM_IV_BYTES)).decrypt(sealed.subarray(GCM_IV_BYTES));
}
