import { randomUUID } from 'node:crypto';
import { tableWritesOf } from '../../platform/db/table-writes';
import { duplicateRedis, type RedisClient } from '../../platform/redis';

/** A listing's counters that no list page shows: bumping them is not a change of the list. */
export const UNSEEN_COLUMNS = ['view_count', 'exposure_count', 'collect_count'];

export interface ListPageCache {
  /** The epoch a read starts in: its answer is kept only if no listing changed meanwhile. */
  epoch(): number;
  get(key: string): unknown;
  set(key: string, epoch: number, value: unknown): void;
  /** A listing changed here: every kept page goes, here and (through Redis) on the other nodes. */
  changed(): void;
  close(): Promise<void>;
}

export interface ListPageCacheOptions {
  /** How long a page is kept at most: the bound on a page read just before a change commits. */
  ttlMs?: number;
  maxEntries?: number;
  /** With Redis, a change on one node empties the cache of every node. */
  redis?: { client: RedisClient; prefix: string } | undefined;
  now?: () => number;
}

/**
 * The first pages of the commodity list, per filter, for a short while (issue 19): most readers
 * ask the same few pages, and each answer costs two statements (the page and the capped count).
 * Any write of a listing that a card shows empties it; a page being read across a change is not
 * kept. A write is seen as it is sent, before its transaction commits, so a page read in between
 * can hold the old state for at most `ttlMs`.
 */
export async function createListPageCache(options: ListPageCacheOptions = {}): Promise<ListPageCache> {
  const ttlMs = options.ttlMs ?? 2000;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: unknown }>();
  let epoch = 0;
  const forget = () => {
    epoch++;
    entries.clear();
  };

  let publish = () => {};
  let closeBus = async () => {};
  if (options.redis) {
    const { client, prefix } = options.redis;
    const channel = `${prefix}exchange:listings-changed`;
    const node = randomUUID();
    const subscriber = duplicateRedis(client);
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, from: string) => {
      if (from !== node) forget();
    });
    // Coalesced: one message per burst of writes (a batch of moves is one change for the readers).
    let pending = false;
    publish = () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        void client.publish(channel, node).catch(() => {});
      });
    };
    closeBus = async () => {
      await subscriber.quit().catch(() => subscriber.disconnect());
    };
  }

  return {
    epoch: () => epoch,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, readIn, value) {
      if (readIn !== epoch) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: now(), value });
    },
    changed() {
      forget();
      publish();
    },
    close: () => closeBus(),
  };
}

/**
 * The list cache of this database, emptied by every write of `commodities` that changes what a
 * card shows; none when the handle has no write watcher (then every read goes to the database).
 */
export async function watchedListPageCache(
  db: object,
  redis: ListPageCacheOptions['redis'],
): Promise<ListPageCache | null> {
  const writes = tableWritesOf(db);
  if (!writes) return null;
  const cache = await createListPageCache({ redis });
  const unwatch = writes.watch('commodities', () => cache.changed(), UNSEEN_COLUMNS);
  return {
    ...cache,
    async close() {
      unwatch();
      await cache.close();
    },
  };
}
