import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { refreshingKeyRing } from './codec/key-ring-refresh';
import { type KeyTicketStore, memoryKeyTickets, redisKeyTickets } from './codec/key-tickets';
import { memoryNonceStore, redisNonceStore } from './codec/nonce-store';
import { defaultOpenerThreads, openerPool } from './codec/open-pool';
import { type Db, migrate, openDatabase } from './db/database';
import type { CallPlatform } from './http/register-call';
import { memoryRateStore, type RateStore, redisRateStore } from './rate/rate-store';
import { connectRedis, type RedisClient } from './redis';

export interface OpenPlatform {
  db: Db;
  redis: RedisClient | null;
  /** What every call of the exchange API runs on (its games are set once the game gateway exists). */
  platform: CallPlatform;
  /** Counters of every limit (API, SMS, key checks, staff logins): shared through Redis when configured. */
  rates: RateStore;
  /** For the very end of a stop (after the last request and every module's onClose hook). */
  close: () => Promise<void>;
}

/**
 * The database (migrated), Redis when configured, the codec keys kept current, the nonce, key-ticket
 * and rate stores (in process, or in Redis): everything the modules stand on. `db` is an already open
 * database (tests share a template) that the caller keeps; otherwise one is opened and closed here.
 */
export async function openPlatform(app: FastifyInstance, config: Config, db?: Db): Promise<OpenPlatform> {
  const opened = db ? null : await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const database: Db = db ?? (opened as Db);
  await migrate(database);
  // Its connection errors are logged, throttled to one line per 10 s while it stays down.
  let reportedAt = 0;
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, (error) => {
        if (Date.now() - reportedAt < 10_000) return;
        reportedAt = Date.now();
        app.log.warn({ err: error }, 'redis connection failed; reconnecting');
      })
    : null;
  const keyRing = await refreshingKeyRing(
    database,
    { privateKeyPem: config.RSA_PRIVATE_KEY, graceSeconds: config.KEY_GRACE_SECONDS },
    app.log,
  );
  const ticketLimits = { ttlSeconds: config.KEY_TICKET_TTL_SECONDS };
  const tickets: KeyTicketStore | undefined =
    config.KEY_TICKET_TTL_SECONDS === 0
      ? undefined
      : redis
        ? redisKeyTickets(redis, `${config.REDIS_PREFIX}ticket:`, ticketLimits)
        : memoryKeyTickets(ticketLimits);
  const platform: CallPlatform = {
    db: database,
    keyRing: keyRing.current,
    opener: openerPool(config.CODEC_WORKERS ?? defaultOpenerThreads(), app.log),
    nonces: redis ? redisNonceStore(redis, `${config.REDIS_PREFIX}nonce:`) : memoryNonceStore(),
    tickets,
    uidOf: () => Promise.reject(new Error('no user module: it sets platform.uidOf')),
    validateResponses: config.VALIDATE_RESPONSES || config.APP_ENV !== 'production',
  };
  const rates = redis ? redisRateStore(redis, `${config.REDIS_PREFIX}rate:`) : memoryRateStore();
  const close = async () => {
    keyRing.stop();
    await platform.opener.close();
    platform.nonces.close();
    platform.tickets?.close();
    if (redis) await redis.quit();
    await opened?.destroy();
  };
  return { db: database, redis, platform, rates, close };
}
