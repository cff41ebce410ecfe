import { randomBytes } from 'node:crypto';

/** Crockford base32: digits and upper-case letters without I, L, O and U, so a key is easy to read and type. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 characters of 5 bits: 100 bits of entropy (the partner API asks at least 80). */
export const KEY_CHARS = 20;
export const KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** A new consignment key as the player reads it: XXXX-XXXX-XXXX-XXXX-XXXX from crypto.randomBytes. */
export function newConsignmentKey(): string {
  const bytes = randomBytes(Math.ceil((KEY_CHARS * 5) / 8));
  let bits = 0;
  let value = 0;
  let key = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && key.length < KEY_CHARS) {
      bits -= 5;
      key += CROCKFORD_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return key.match(/.{4}/g)?.join('-') ?? key;
}

/** The key as the game announces it to the exchange: without the dashes (docs/game-partner-api.md). */
export const announcedKey = (key: string): string => key.replace(/-/g, '');
