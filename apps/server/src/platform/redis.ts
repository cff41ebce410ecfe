import { Redis } from 'ioredis';

export type RedisClient = Redis;

/** What a client reports when its connection fails (ioredis reconnects by itself meanwhile). */
const reporterOf = new WeakMap<Redis, (error: Error) => void>();

/**
 * A Redis client that reconnects by itself (ioredis' backoff) and gives up on a command after two
 * reconnection attempts or 2 s, so a caller fails fast while Redis is gone instead of waiting on it. Its
 * connection errors go to `report` (the app's log), never unhandled.
 */
export async function connectRedis(url: string, report: (error: Error) => void = () => {}): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    // A connection that opens and drops at once never counts as a retry: without a bound a command
    // would wait for Redis forever (seen in redis-outage.test).
    commandTimeout: 2_000,
    connectTimeout: 2_000,
  });
  client.on('error', report);
  reporterOf.set(client, report);
  await client.connect();
  return client;
}

/** A second connection of the same client (a subscriber), reporting its errors the same way. */
export function duplicateRedis(client: Redis): Redis {
  const copy = client.duplicate();
  const report = reporterOf.get(client) ?? (() => {});
  copy.on('error', report);
  reporterOf.set(copy, report);
  return copy;
}
