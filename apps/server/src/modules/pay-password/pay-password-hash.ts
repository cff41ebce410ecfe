import { createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The stored form of a payment password: scrypt (node:crypto, memory-hard, no dependency) of the
 * pin keyed first by a server secret (the pepper, PAY_PASSWORD_SECRET), with a random salt per
 * user. Six digits are a million guesses: a slow hash alone would only make a stolen table cost
 * hours, so the pepper (never in the database) is what keeps a dump unguessable; online, the
 * lockout is the guard. The parameters are stored with each hash, so they can grow.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, pepper: string, params: ScryptOptions): Promise<Buffer> {
  const keyed = createHmac('sha256', pepper).update(pin).digest();
  return new Promise((resolve, reject) =>
    scrypt(keyed, salt, KEY_LENGTH, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPin(pin: string, pepper: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, pepper, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function pinMatches(pin: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) throw new Error('unknown pay password hash');
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(pin, Buffer.from(salt, 'base64'), pepper, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
