import { commodityList } from '@app/protocol/calls/exchange';
import type { CallOutput } from '@app/protocol/contract';
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createListPageCache } from '../src/modules/exchange/list-page-cache';
import { registerTableWrites, tableWritesOf } from '../src/platform/db/table-writes';
import { connectRedis } from '../src/platform/redis';
import { createTestApp, expectCode, useTestApp, useTestClient } from './helpers';

type Page = CallOutput<typeof commodityList>;

const t = useTestApp({ DEMO_MARKET: '1' }, { timeout: 120_000 });
const client = useTestClient(t, 'H5');

const list = async (params: Record<string, unknown>) => {
  const res = await client.call(commodityList, params, { headers: { 'x-appid': 'demo-legend' } });
  expectCode(res, '200');
  return res.data as Page;
};
/** A write the watcher cannot see (raw SQL): what a page shows afterwards tells whether it was kept. */
const rawPrice = (id: string, fen: number) =>
  sql`update commodities set price_fen = ${fen} where id = ${Number(id)}`.execute(t.db);
const priceOn = (page: Page, id: string) => page.list.find((c) => c.id === id)?.price;

describe('the database tells the exchange of its listings being written', () => {
  it('an insert, a shown column updated, a delete (also in a transaction); not the unseen counters nor other tables', async () => {
    const writes = tableWritesOf(t.db);
    expect(writes).toBeDefined();
    let heard = 0;
    const unwatch = writes!.watch('commodities', () => heard++, ['view_count', 'exposure_count']);
    try {
      const first = await t.db
        .selectFrom('commodities')
        .select(['id', 'price_fen'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('commodities')
        .set({ view_count: sql`view_count + 1` })
        .where('id', '=', first.id)
        .execute();
      await t.db.selectFrom('commodities').select('id').limit(1).execute();
      await t.db.updateTable('games').set({ name: 'x' }).where('application_id', '=', 'no-such-game').execute();
      expect(heard).toBe(0);
      await t.db.updateTable('commodities').set({ price_fen: first.price_fen }).where('id', '=', first.id).execute();
      expect(heard).toBe(1);
      await t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('commodities as c')
          .set({ price_fen: first.price_fen, view_count: 0 })
          .where('c.id', '=', first.id)
          .execute();
      });
      expect(heard).toBe(2);
      await t.db.deleteFrom('commodities').where('id', '=', -1).execute();
      expect(heard).toBe(3);
    } finally {
      unwatch();
    }
  });
});

describe('the commodity list keeps its first pages for a moment', () => {
  it('a page asked twice is answered from the cache, and the next write of a listing empties it', async () => {
    const page = await list({ type: 2, sort: 'newest', page: 1, pageSize: 10 });
    const card = page.list[0]!;
    await rawPrice(card.id, card.price + 1);
    // Kept: the raw write went unseen.
    expect(priceOn(await list({ type: 2, sort: 'newest', page: 1, pageSize: 10 }), card.id)).toBe(card.price);
    // A counter no card shows is not a change either.
    await t.db
      .updateTable('commodities')
      .set({ exposure_count: sql`exposure_count + 1` })
      .where('id', '=', Number(card.id))
      .execute();
    expect(priceOn(await list({ type: 2, sort: 'newest', page: 1, pageSize: 10 }), card.id)).toBe(card.price);
    // The listing's own write empties every kept page.
    await t.db
      .updateTable('commodities')
      .set({ price_fen: card.price + 2 })
      .where('id', '=', Number(card.id))
      .execute();
    expect(priceOn(await list({ type: 2, sort: 'newest', page: 1, pageSize: 10 }), card.id)).toBe(card.price + 2);
  });

  it('a kept page reads the same sealed (version 2 and 1) and signed only (its JSON is kept beside it)', async () => {
    const params = { type: 1, sort: 'priceAsc' as const, page: 2, pageSize: 10 };
    const headers = { 'x-appid': 'demo-legend' };
    const first = await client.call(commodityList, params, { headers });
    const plain = await client.call(commodityList, params, { headers, encrypt: false });
    const v1 = await client.call(commodityList, params, { headers, version: 1 });
    for (const res of [first, plain, v1]) expectCode(res, '200');
    expect(plain.data).toEqual(first.data);
    expect(v1.data).toEqual(first.data);
    expect((first.data as Page).list.length).toBe(10);
  });

  it('each filter is a page of its own, and pages past the third are always read afresh', async () => {
    const deep = await list({ type: 3, sort: 'newest', page: 4, pageSize: 5 });
    const card = deep.list[0]!;
    const other = await list({ type: 3, sort: 'newest', page: 1, pageSize: 5 });
    expect(other.list.map((c) => c.id)).not.toContain(card.id);
    await rawPrice(card.id, card.price + 7);
    expect(priceOn(await list({ type: 3, sort: 'newest', page: 4, pageSize: 5 }), card.id)).toBe(card.price + 7);
    // Its count is the filter's, the same on every page: kept like the first pages' (the raw move off
    // sale goes unseen), and counted again after a seen write.
    const before = deep.total;
    await sql`update commodities set status = 2 where id = ${Number(card.id)}`.execute(t.db);
    expect((await list({ type: 3, sort: 'newest', page: 4, pageSize: 5 })).total).toBe(before);
    await t.db.updateTable('commodities').set({ status: 2 }).where('id', '=', Number(card.id)).execute();
    expect((await list({ type: 3, sort: 'newest', page: 4, pageSize: 5 })).total).toBe(before - 1);
  });
});

describe('the cache itself', () => {
  it('keeps a page for its time at most, drops a page read across a change, and holds a bounded number', async () => {
    let now = 1_000;
    const cache = await createListPageCache({ ttlMs: 2000, maxEntries: 2, now: () => now });
    const before = cache.epoch();
    cache.changed();
    cache.set('a', before, 'stale');
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', cache.epoch(), 'page a');
    expect(cache.get('a')).toBe('page a');
    now += 1999;
    expect(cache.get('a')).toBe('page a');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', cache.epoch(), 'a');
    cache.set('b', cache.epoch(), 'b');
    cache.set('c', cache.epoch(), 'c');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
    await cache.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('a change on one node empties the cache of the other nodes through Redis', async () => {
    const redis = await connectRedis(redisUrl as string);
    const prefix = `listcache${Date.now()}:`;
    const a = await createListPageCache({ redis: { client: redis, prefix } });
    const b = await createListPageCache({ redis: { client: redis, prefix } });
    try {
      a.set('p', a.epoch(), 'page on a');
      b.set('p', b.epoch(), 'page on b');
      a.changed();
      expect(a.get('p')).toBeUndefined();
      await vi.waitFor(() => expect(b.get('p')).toBeUndefined(), { timeout: 5000 });
    } finally {
      await a.close();
      await b.close();
      await redis.quit();
    }
  });
});

describe('readers of the same page at once', () => {
  it('share one read of the database, and the next reader takes the kept page', async () => {
    let pageReads = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        const node = args.node as { kind: string; from?: { froms: { table?: { identifier?: { name: string } } }[] } };
        if (node.kind === 'SelectQueryNode' && node.from?.froms[0]?.table?.identifier?.name === 'commodities')
          pageReads++;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    // The file's database (its demo market already seeded), seen through a counter, by an app of its own (its own cache).
    const db = t.db.withPlugin(counting);
    registerTableWrites(db, tableWritesOf(t.db)!);
    const app = await createTestApp({ DEMO_MARKET: '0' }, { db, url: undefined, drop: async () => {} });
    try {
      const h5 = await app.client('H5');
      const ask = () =>
        h5.call(
          commodityList,
          { type: 2, sort: 'priceDesc', page: 1, pageSize: 6 },
          { headers: { 'x-appid': 'demo-legend' } },
        );
      pageReads = 0;
      const answers = await Promise.all(Array.from({ length: 6 }, ask));
      for (const a of answers) expect(a.data).toEqual(answers[0]!.data);
      // One reading: its page and its capped count (a join or a second page of a group may add one).
      expect(pageReads).toBeGreaterThan(0);
      expect(pageReads).toBeLessThanOrEqual(3);
      const once = pageReads;
      await ask();
      expect(pageReads).toBe(once);
    } finally {
      await app.close();
    }
  }, 120_000);
});
