import type { RedisClient } from '../redis';

/** Remembers nonces for the replay window; shared across processes when Redis is configured. */
export interface NonceStore {
  /** True when the nonce was not seen within `ttlSeconds`, and remembers it. */
  claim(nonce: string, ttlSeconds: number): Promise<boolean>;
  close(): void;
}

export function memoryNonceStore(now: () => number = Date.now): NonceStore {
  const seen = new Map<string, number>();
  // Nonces are remembered in the order they came, with the same window: the expired ones are at
  // the front, so a sweep stops at the first live one instead of walking every nonce of the window.
  const sweep = setInterval(() => {
    const t = now();
    for (const [nonce, expiresAt] of seen) {
      if (expiresAt > t) break;
      seen.delete(nonce);
    }
  }, 30_000);
  sweep.unref();
  return {
    async claim(nonce, ttlSeconds) {
      const t = now();
      const expiresAt = seen.get(nonce);
      if (expiresAt !== undefined && expiresAt > t) return false;
      // Re-added at the end (a Map keeps a key's first place), so the front stays the oldest.
      seen.delete(nonce);
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
