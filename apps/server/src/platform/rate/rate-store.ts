import type { RedisClient } from '../redis';

/**
 * Counters and cooldowns for rate limits (SMS, login tries). In process by default; shared by
 * every server process through Redis when `REDIS_URL` is set.
 */
export interface RateStore {
  /** Adds one to a fixed window counter and answers the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** `hit` on several counters of one window at once (one round trip to Redis): their new counts, in order. */
  hits(keys: string[], windowSeconds: number): Promise<number[]>;
  /** The count of a running window, without adding to it (0 when none runs). */
  peek(key: string): Promise<number>;
  /** Starts a cooldown unless one runs; answers the seconds left of a running one (0 = started). */
  startCooldown(key: string, seconds: number): Promise<number>;
  clearCooldown(key: string): Promise<void>;
}

export function memoryRateStore(now: () => number = Date.now): RateStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const cooldowns = new Map<string, number>();
  const hit = (key: string, windowSeconds: number) => {
    const t = now();
    const entry = counters.get(key);
    if (!entry || entry.resetAt <= t) {
      counters.set(key, { count: 1, resetAt: t + windowSeconds * 1000 });
      if (counters.size > 100_000) for (const [k, v] of counters) if (v.resetAt <= t) counters.delete(k);
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
  return {
    async hit(key, windowSeconds) {
      return hit(key, windowSeconds);
    },
    async hits(keys, windowSeconds) {
      return keys.map((key) => hit(key, windowSeconds));
    },
    async peek(key) {
      const entry = counters.get(key);
      return entry && entry.resetAt > now() ? entry.count : 0;
    },
    async startCooldown(key, seconds) {
      const t = now();
      const until = cooldowns.get(key);
      if (until !== undefined && until > t) return Math.ceil((until - t) / 1000);
      cooldowns.set(key, t + seconds * 1000);
      return 0;
    },
    async clearCooldown(key) {
      cooldowns.delete(key);
    },
  };
}

export function redisRateStore(redis: RedisClient, prefix = 'rate:'): RateStore {
  /** Each counter's INCR and its window's EXPIRE NX, every counter in one MULTI. */
  const hits = async (keys: string[], windowSeconds: number) => {
    const batch = redis.multi();
    for (const key of keys) batch.incr(prefix + key).expire(prefix + key, windowSeconds, 'NX');
    const answers = (await batch.exec()) ?? [];
    const failed = answers.find(([error]) => error);
    if (failed) throw failed[0];
    return keys.map((_, i) => Number(answers[2 * i]?.[1]));
  };
  return {
    async hit(key, windowSeconds) {
      return (await hits([key], windowSeconds))[0] as number;
    },
    hits,
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async startCooldown(key, seconds) {
      const k = `${prefix}cd:${key}`;
      if ((await redis.set(k, '1', 'EX', seconds, 'NX')) === 'OK') return 0;
      return Math.max(1, await redis.ttl(k));
    },
    async clearCooldown(key) {
      await redis.del(`${prefix}cd:${key}`);
    },
  };
}
