import { base64ToBytes, bytesToBase64, concatBytes } from './base64';

/**
 * The client half of the RSA codec with nothing but BigInt: PKCS#1 v1.5 encryption (block type 2)
 * with the server's public key, and opening of the server's type-1 blocks (private-key "encrypt").
 */
export interface RsaPublicKey {
  n: bigint;
  e: bigint;
  /** Modulus length in bytes (128 for RSA-1024). */
  size: number;
}

class RsaFormatError extends Error {}

function readDer(bytes: Uint8Array, offset: number): { tag: number; start: number; end: number } {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  if (tag === undefined || length === undefined) throw new RsaFormatError('truncated DER');
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] ?? 0);
    start += count;
  }
  return { tag, start, end: start + length };
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  return value;
}

function bigIntToBytes(value: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let v = value;
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** Accepts SPKI ("PUBLIC KEY") and PKCS#1 ("RSA PUBLIC KEY") PEM. */
export function parsePublicKeyPem(pem: string): RsaPublicKey {
  const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const der = base64ToBytes(body);
  if (!der) throw new RsaFormatError('bad PEM');
  let seq = readDer(der, 0);
  let first = readDer(der, seq.start);
  if (first.tag === 0x30) {
    // SPKI: SEQUENCE { AlgorithmIdentifier, BIT STRING { RSAPublicKey } }
    const bitString = readDer(der, first.end);
    seq = readDer(der, bitString.start + 1);
    first = readDer(der, seq.start);
  }
  const modulus = der.subarray(first.start, first.end);
  const exp = readDer(der, first.end);
  const n = bytesToBigInt(modulus);
  const size = Math.ceil(n.toString(16).length / 2);
  return { n, e: bytesToBigInt(der.subarray(exp.start, exp.end)), size };
}

function randomNonZero(count: number): Uint8Array {
  const out = new Uint8Array(count);
  globalThis.crypto.getRandomValues(out);
  for (let i = 0; i < count; i++) {
    while (out[i] === 0) {
      const one = new Uint8Array(1);
      globalThis.crypto.getRandomValues(one);
      out[i] = one[0] as number;
    }
  }
  return out;
}

/** PKCS#1 v1.5 type 2 in chunks of size-11 bytes; the base64 of the concatenated blocks. */
export function publicEncrypt(key: RsaPublicKey, plaintext: Uint8Array): string {
  const chunk = key.size - 11;
  const blocks: Uint8Array[] = [];
  for (let offset = 0; offset < plaintext.length || offset === 0; offset += chunk) {
    const part = plaintext.subarray(offset, offset + chunk);
    const padded = new Uint8Array(key.size);
    padded[1] = 0x02;
    padded.set(randomNonZero(key.size - part.length - 3), 2);
    padded.set(part, key.size - part.length);
    blocks.push(bigIntToBytes(modPow(bytesToBigInt(padded), key.e, key.n), key.size));
    if (plaintext.length === 0) break;
  }
  return bytesToBase64(concatBytes(blocks));
}

/** Opens the server's private-key blocks (PKCS#1 v1.5 type 1). Throws on any malformed block. */
export function publicOpen(key: RsaPublicKey, ciphertext: Uint8Array): Uint8Array {
  if (ciphertext.length === 0 || ciphertext.length % key.size !== 0) throw new RsaFormatError('bad length');
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < ciphertext.length; offset += key.size) {
    const block = bigIntToBytes(
      modPow(bytesToBigInt(ciphertext.subarray(offset, offset + key.size)), key.e, key.n),
      key.size,
    );
    if (block[0] !== 0 || block[1] !== 1) throw new RsaFormatError('bad padding');
    let i = 2;
    while (i < block.length && block[i] === 0xff) i++;
    if (i < 10 || block[i] !== 0) throw new RsaFormatError('bad padding');
    parts.push(block.subarray(i + 1));
  }
  return concatBytes(parts);
}
