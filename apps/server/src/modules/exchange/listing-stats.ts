import type { CommodityCard } from '@app/protocol/calls/exchange';
import { LEVEL_BAND_SIZE } from '@app/protocol/calls/market-index';
import { CommodityType } from '@app/protocol/commodity';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { CARD_COLUMNS, type CardRow, toCard } from './commodity.queries';
import { exchangeDb } from './exchange.tables';

/**
 * What the market shows of listings and trades: cards of given listings, counters, counts per
 * game, recent trades. Each takes the caller's handle and reads only the exchange's tables.
 */

/** Cards of the given listings with their status, by id (one query). */
export async function listingCards(
  db: DbHandle,
  ids: readonly number[],
): Promise<Map<number, CommodityCard & { status: number }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await exchangeDb(db)
    .selectFrom('commodities')
    .select(CARD_COLUMNS)
    .select('status')
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...toCard(r as CardRow), status: r.status }]));
}

/** The status of a listing, its row locked until the caller's transaction ends (undefined: no such listing). */
export async function lockListingStatus(trx: DbHandle, id: number): Promise<number | undefined> {
  const row = await exchangeDb(trx)
    .selectFrom('commodities')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/** A listing collected (+1) or no longer (-1) by someone; never below zero. */
export async function countCollects(db: DbHandle, ids: readonly number[], delta: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  await exchangeDb(db)
    .updateTable('commodities')
    .set({ collect_count: delta > 0 ? sql`collect_count + 1` : sql`greatest(collect_count - 1, 0)` })
    .where('id', 'in', [...ids])
    .execute();
}

export async function collectCount(db: DbHandle, id: number): Promise<number> {
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select('collect_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.collect_count;
}

/** One more view (a click) or exposure (shown in a list) of each listing; answers how many exist. */
export async function countSeen(db: DbHandle, ids: readonly number[], what: 'view' | 'exposure'): Promise<number> {
  const column = what === 'view' ? 'view_count' : 'exposure_count';
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const updated = await exchangeDb(db)
    .updateTable('commodities')
    .set({ [column]: sql`${sql.ref(column)} + 1` })
    .where('id', 'in', unique)
    .returning('id')
    .execute();
  return updated.length;
}

/** Listings on sale and trades per game. */
export async function countsPerGame(db: DbHandle): Promise<{ onSale: Map<string, number>; sold: Map<string, number> }> {
  const exchange = exchangeDb(db);
  const [onSale, sold] = await Promise.all([
    exchange
      .selectFrom('commodities')
      .select(['application_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', ListingStatus.ON_SALE)
      .groupBy('application_id')
      .execute(),
    exchange
      .selectFrom('market_trades')
      .select(['application_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('application_id')
      .execute(),
  ]);
  return {
    onSale: new Map(onSale.map((r) => [r.application_id, Number(r.n)])),
    sold: new Map(sold.map((r) => [r.application_id, Number(r.n)])),
  };
}

/** The latest trades of a game, newest first. */
export async function recentTrades(db: DbHandle, applicationId: string, limit: number) {
  return exchangeDb(db)
    .selectFrom('market_trades')
    .select(['id', 'type', 'title', 'coin_num', 'price_fen', 'sold_at', 'server_id'])
    .where('application_id', '=', applicationId)
    .orderBy('sold_at', 'desc')
    .limit(limit)
    .execute();
}

/** Whether a game has any listing at all (a seed fills a game once). */
export async function gameHasListings(db: DbHandle, applicationId: string): Promise<boolean> {
  return hasAny(exchangeDb(db).selectFrom('commodities').select('id').where('application_id', '=', applicationId));
}

/** The props listed in a game with their prices (a seeded history prices its trades after them). */
export async function propListings(db: DbHandle, applicationId: string) {
  return exchangeDb(db)
    .selectFrom('commodities')
    .select(['item_name', 'sub_type', 'price_fen'])
    .where('application_id', '=', applicationId)
    .where('type', '=', CommodityType.PROP)
    .execute();
}

/** A seeded listing (written 上架中, frozen by its seed) after the game's answer: on sale with its freeze, or failed. */
export async function settleSeededListing(db: DbHandle, id: number, frozen: boolean): Promise<void> {
  await exchangeDb(db)
    .updateTable('commodities')
    .set(
      frozen ? { status: ListingStatus.ON_SALE, game_freeze_id: String(id) } : { status: ListingStatus.LISTING_FAILED },
    )
    .where('id', '=', id)
    .execute();
}

/** What a listing's price is compared on (the risk sweep's price band): its game, type, kind and level band, and its coins. */
export interface ListingPriceFacts {
  game: string;
  type: number;
  /** The coin type, the role's class or the prop's sub-type, as the price index keys them ('' when unknown). */
  kind: string;
  /** A role's level band ('40-49'), else ''. */
  levelBand: string;
  coinNum: number | null;
}

/** The price facts of the given listings, by id (one query). */
export async function listingPriceFacts(db: DbHandle, ids: readonly number[]): Promise<Map<number, ListingPriceFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await exchangeDb(db)
    .selectFrom('commodities')
    .select(['id', 'application_id', 'type', 'coin_type', 'coin_num', 'role_type', 'role_level', 'sub_type'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => {
      const kind =
        r.type === CommodityType.COIN ? r.coin_type : r.type === CommodityType.ROLE ? r.role_type : r.sub_type;
      const band =
        r.type === CommodityType.ROLE && r.role_level !== null
          ? `${Math.floor(r.role_level / LEVEL_BAND_SIZE) * LEVEL_BAND_SIZE}-${Math.floor(r.role_level / LEVEL_BAND_SIZE) * LEVEL_BAND_SIZE + LEVEL_BAND_SIZE - 1}`
          : '';
      return [
        r.id,
        {
          game: r.application_id,
          type: r.type,
          kind: kind === null || kind === undefined ? '' : String(kind),
          levelBand: band,
          coinNum: r.coin_num === null ? null : Number(r.coin_num),
        },
      ];
    }),
  );
}
