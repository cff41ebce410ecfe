import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Personal data at rest: AES-256-GCM with a random 12-byte IV per value, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). A keyed hash (HMAC-SHA256) allows equality lookups
 * (one ID number, one account) without decrypting.
 */
export interface PiiCipher {
  seal(plain: string): string;
  open(sealed: string): string;
  fingerprint(plain: string): string;
}

export function createPiiCipher(keyHex: string): PiiCipher {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('PII key must be 32 bytes of hex');
  const macKey = createHmac('sha256', key).update('fingerprint').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown PII format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    fingerprint: (plain) => createHmac('sha256', macKey).update(plain).digest('hex'),
  };
}

/** 张三 → 张*, 欧阳娜娜 → 欧***: only the first character. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** 110101199003071234 → 1101**********1234. */
export function maskIdCard(id: string): string {
  return id.length < 8 ? '*'.repeat(id.length) : `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}
