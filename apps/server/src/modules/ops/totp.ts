import { Secret, TOTP } from 'otpauth';

/** TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
const ISSUER = '游戏交易平台客服';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totp = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The time step the code belongs to, or null when it is not valid now (±1 step). */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

/** The code of a moment (tests and the demo use it as an authenticator app would). */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now });
}
