import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ImMessage } from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';
import { duplicateRedis, type RedisClient } from '../../platform/redis';

/**
 * How a message written by one server process reaches the sockets held by every process: in process
 * by default, through Redis pub/sub when REDIS_URL is set. Presence (is an account connected
 * anywhere) follows the same split: a sorted set per account in Redis, scored by when each process's
 * claim lapses, refreshed while the socket lives, so a crashed process's claims fade on their own.
 */
export type ImEvent =
  | { type: 'msg'; to: string[]; message: ImMessage }
  | { type: 'read'; to: string[]; groupId: string; account: string; seq: number }
  | { type: 'notice'; to: string[]; notice: Notice }
  /** A chat token logged in again elsewhere: the older socket is closed with 3003. */
  | { type: 'kick'; tokenHash: string; keep: string }
  /** Chat logins ended (customer service logged out): their sockets are closed with 2024. */
  | { type: 'logout'; tokenHashes: string[] };

export interface ImBus {
  publish(event: ImEvent): Promise<void>;
  onEvent(handler: (event: ImEvent) => void): void;
  /** The process's sockets of an account opened (+1) or closed (-1). */
  connected(account: string, delta: 1 | -1): Promise<void>;
  online(accounts: string[]): Promise<string[]>;
  close(): Promise<void>;
}

export function memoryBus(): ImBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const counts = new Map<string, number>();
  return {
    async publish(event) {
      events.emit('event', event);
    },
    onEvent(handler) {
      events.on('event', handler);
    },
    async connected(account, delta) {
      const n = (counts.get(account) ?? 0) + delta;
      if (n > 0) counts.set(account, n);
      else counts.delete(account);
    },
    async online(accounts) {
      return accounts.filter((a) => counts.has(a));
    },
    async close() {
      events.removeAllListeners();
    },
  };
}

const PRESENCE_SECONDS = 60;
const REFRESH_SLICES = 20;
/** An account's turn of the presence refresh: the same every time (a hash of the account). */
const sliceOf = (account: string) => {
  let h = 0;
  for (let i = 0; i < account.length; i++) h = (h * 31 + account.charCodeAt(i)) | 0;
  return Math.abs(h) % REFRESH_SLICES;
};

/**
 * `lag` hears, for each event from Redis, the seconds since its publisher sent it (the chat's
 * fan-out lag in the metrics; clocks of the processes are assumed close, NTP). The time travels as
 * an extra field `sentAt`, which a process without this code ignores.
 */
export async function redisBus(redis: RedisClient, prefix: string, lag?: (seconds: number) => void): Promise<ImBus> {
  const channel = `${prefix}im:events`;
  const key = (account: string) => `${prefix}im:online:${account}`;
  const processId = randomUUID();
  const subscriber = duplicateRedis(redis);
  const handlers: ((event: ImEvent) => void)[] = [];
  const counts = new Map<string, number>();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, text: string) => {
    const { sentAt, ...event } = JSON.parse(text) as ImEvent & { sentAt?: number };
    if (lag && typeof sentAt === 'number') lag(Math.max(0, Date.now() - sentAt) / 1000);
    for (const handler of handlers) handler(event as ImEvent);
  });
  const claim = (accounts: string[]) => {
    if (accounts.length === 0) return Promise.resolve();
    const until = Date.now() + PRESENCE_SECONDS * 1000;
    const batch = redis.multi();
    for (const account of accounts) {
      batch.zadd(key(account), until, processId);
      batch.expire(key(account), PRESENCE_SECONDS);
    }
    return batch.exec().then(() => undefined);
  };
  // Every claim is renewed once per PRESENCE_SECONDS / 3, in REFRESH_SLICES turns over that time (a
  // slice of the accounts each), so 10,000 accounts are not one MULTI of 20,000 commands at once.
  let turn = 0;
  const refresh = setInterval(
    () => {
      const slice = turn++ % REFRESH_SLICES;
      const accounts: string[] = [];
      for (const account of counts.keys()) if (sliceOf(account) === slice) accounts.push(account);
      void claim(accounts).catch(() => {});
    },
    (PRESENCE_SECONDS / 3 / REFRESH_SLICES) * 1000,
  );
  refresh.unref();
  return {
    async publish(event) {
      await redis.publish(channel, JSON.stringify({ ...event, sentAt: Date.now() }));
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async connected(account, delta) {
      const n = (counts.get(account) ?? 0) + delta;
      if (n > 0) {
        counts.set(account, n);
        if (n === 1) await claim([account]);
      } else {
        counts.delete(account);
        await redis.zrem(key(account), processId);
      }
    },
    async online(accounts) {
      const now = Date.now();
      const batch = redis.multi();
      for (const account of accounts) batch.zcount(key(account), now, '+inf');
      const answers = (await batch.exec()) ?? [];
      return accounts.filter((_, i) => Number(answers[i]?.[1] ?? 0) > 0);
    },
    async close() {
      clearInterval(refresh);
      const batch = redis.multi();
      for (const account of counts.keys()) batch.zrem(key(account), processId);
      await batch.exec().catch(() => {});
      subscriber.disconnect();
    },
  };
}
