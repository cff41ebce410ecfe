import { hmacSha1Hex, toHex } from './hashes';

export type Params = Record<string, unknown>;

/** Compares by Unicode code point, as PROTOCOL.md asks (plain sort() compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const ca = Array.from(a);
  const cb = Array.from(b);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const d = (ca[i] as string).codePointAt(0)! - (cb[i] as string).codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ca.length - cb.length;
}

export function signValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** `key=value` joined with `&`, keys sorted by code point, the `sign` key itself left out. */
export function signString(params: Params): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined)
    .sort(byCodePoint)
    .map((key) => `${key}=${signValue(params[key])}`)
    .join('&');
}

export function computeSign(params: Params, secret: string): string {
  return hmacSha1Hex(secret, signString(params));
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}

function dropUndefined(params: Params): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}

/** Steps 1–3 of PROTOCOL.md: the params with timestamp, nonce, keyId and sign added. */
export function signParams(params: Params, secret: string, keyId: string, nowSeconds: number): Params {
  const stamped: Params = {
    ...dropUndefined(params),
    timestamp: nowSeconds,
    nonce: randomNonce(),
    keyId,
  };
  return { ...stamped, sign: computeSign(stamped, secret) };
}
