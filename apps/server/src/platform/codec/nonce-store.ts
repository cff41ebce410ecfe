import type { RedisClient } from '../redis';

/** Remembers nonces for the replay window; shared across processes when Redis is configured. */
export interface NonceStore {
  /** True when the nonce was not seen within `ttlSeconds`, and remembers it. */
  claim(nonce: string, ttlSeconds: number): Promise<boolean>;
  close(): void;
}

export function memoryNonceStore(now: () => number = Date.now): NonceStore {
  const seen = new Map<string, number>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [nonce, expiresAt] of seen) if (expiresAt <= t) seen.delete(nonce);
  }, 30_000);
  sweep.unref();
  return {
    async claim(nonce, ttlSeconds) {
      const t = now();
      const expiresAt = seen.get(nonce);
      if (expiresAt !== undefined && expiresAt > t) return false;
      seen.set(nonce, t + ttlSeconds * 1000);
      return true;
    },
    close: () => clearInterval(sweep),
  };
}

export function redisNonceStore(redis: RedisClient, prefix = 'nonce:'): NonceStore {
  return {
    async claim(nonce, ttlSeconds) {
      return (await redis.set(prefix + nonce, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    close: () => {},
  };
}
