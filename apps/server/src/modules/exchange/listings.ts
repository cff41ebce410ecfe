import type { RoleSnapshot } from '@app/game-partner/partner-types';
import { CommodityType } from '@app/protocol/commodity';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { prepared } from '../../platform/db/prepared-pool';
import { type CommoditiesTable, exchangeDb, type MarketTradesTable } from './exchange.tables';
import { shownImage } from './goods-art';

/**
 * The listing (commodities) as other modules use it: each function takes the caller's handle, so
 * the work joins the caller's transaction (an order reserving its listing), and reads or writes
 * only the exchange's tables. Reads of many listings take their ids and answer in one query.
 */

export type Listing = Selectable<CommoditiesTable>;
export type NewListing = Insertable<CommoditiesTable>;
export type ListingChange = Updateable<CommoditiesTable>;

/** What a role listing keeps of the game's snapshot (its detail page reads it): the stored JSON. */
export const roleSnapshotJson = (snap: RoleSnapshot): string =>
  JSON.stringify({
    power: snap.roleAtt,
    createdAt: snap.createTime,
    recharge: snap.recharge,
    equipment: snap.equipment.map((e) => ({ name: e.name, subType: e.subType, attributes: e.attributes ?? [] })),
    coins: snap.coins.map((c) => ({ coinType: c.coinType, amount: c.total })),
  });

/** A listing a buyer can still buy (在售, or 出售中 while an order holds it). */
export const BUYABLE: readonly ListingStatus[] = [ListingStatus.ON_SALE, ListingStatus.SELLING];

export async function listingById(db: DbHandle, id: number): Promise<Listing | undefined> {
  return exchangeDb(db).selectFrom('commodities').selectAll().where('id', '=', id).$call(prepared).executeTakeFirst();
}

/** The seller's own listing, or undefined (someone else's listing is as good as absent). */
export async function sellerListing(db: DbHandle, sellerUserId: number, id: number): Promise<Listing | undefined> {
  return exchangeDb(db)
    .selectFrom('commodities')
    .selectAll()
    .where('id', '=', id)
    .where('seller_user_id', '=', sellerUserId)
    .executeTakeFirst();
}

/** What an order or an offer shows of its listing. */
export interface ListingSummary {
  id: number;
  applicationId: string;
  type: number;
  title: string;
  gameName: string;
  serverName: string;
  firstImg: string;
  priceFen: number;
  status: number;
}

type SummaryFields = Pick<
  Listing,
  | 'id'
  | 'application_id'
  | 'type'
  | 'title'
  | 'game_name'
  | 'server_name'
  | 'first_img'
  | 'price_fen'
  | 'status'
  | 'coin_type_name'
  | 'coin_num'
  | 'sub_type'
  | 'item_name'
>;

/** What an order or an offer shows of a listing the caller already read (listingById). */
export function listingSummary(r: SummaryFields): ListingSummary {
  return {
    id: r.id,
    applicationId: r.application_id,
    type: r.type,
    title: r.title,
    gameName: r.game_name,
    serverName: r.server_name,
    firstImg: shownImage(r),
    priceFen: Number(r.price_fen),
    status: r.status,
  };
}

/** Summaries of the given listings by id, in one query. */
export async function listingSummaries(db: DbHandle, ids: readonly number[]): Promise<Map<number, ListingSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await exchangeDb(db)
    .selectFrom('commodities')
    .select([
      'id',
      'application_id',
      'type',
      'title',
      'game_name',
      'server_name',
      'first_img',
      'price_fen',
      'status',
      'coin_type_name',
      'coin_num',
      'sub_type',
      'item_name',
    ])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, listingSummary(r)]));
}

/**
 * Which of the given listings can no longer be bought (sold, delisted, gone), in one query; for
 * proposals (`bargainable`), an auction too: it is bid on, never bargained.
 */
export async function listingsNoLongerBuyable(
  db: DbHandle,
  ids: readonly number[],
  options: { bargainable?: boolean } = {},
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  let q = exchangeDb(db)
    .selectFrom('commodities')
    .select('id')
    .where('id', 'in', unique)
    .where('status', 'in', [...BUYABLE]);
  if (options.bargainable) q = q.where('auction_enable', '=', 0);
  const open = await q.execute();
  const buyable = new Set(open.map((r) => r.id));
  return new Set(unique.filter((id) => !buyable.has(id)));
}

/**
 * The seller's 还价 setting of his listing (docs/decisions/0021-deposits.md): allowed or not, and a
 * hidden floor below the price. Answers the listing as it is now, or undefined when it is not his.
 */
export async function setBargainSetting(
  db: DbHandle,
  sellerUserId: number,
  id: number,
  setting: { allowed: boolean; floorFen: number | null },
): Promise<Listing | undefined> {
  return exchangeDb(db)
    .updateTable('commodities')
    .set({ bargain_allowed: setting.allowed, bargain_floor_fen: setting.floorFen, updated_at: new Date() })
    .where('id', '=', id)
    .where('seller_user_id', '=', sellerUserId)
    .where('status', '!=', ListingStatus.FROZEN)
    .returningAll()
    .executeTakeFirst();
}

/**
 * 预购码: the pre-sale's designated buyer becomes the key's holder, unless it is designated to
 * someone else already or no longer on sale. Answers the listing, or undefined when refused.
 */
export async function designateBuyer(
  db: DbHandle,
  id: number,
  sellerUserId: number,
  buyerUid: string,
): Promise<Listing | undefined> {
  return exchangeDb(db)
    .updateTable('commodities')
    .set({ designated_trade_id: buyerUid, updated_at: new Date() })
    .where('id', '=', id)
    .where('seller_user_id', '=', sellerUserId)
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('designated_trade_id', 'is', null), eb('designated_trade_id', '=', buyerUid)]))
    .returningAll()
    .executeTakeFirst();
}

/** Writes a new listing (its status and waits as given); answers its id. */
export async function insertListing(db: DbHandle, listing: NewListing): Promise<number> {
  const row = await exchangeDb(db).insertInto('commodities').values(listing).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The game froze what the listing sells: its freeze is known by the listing's id. */
export async function recordFreeze(db: DbHandle, id: number): Promise<void> {
  await exchangeDb(db)
    .updateTable('commodities')
    .set({ game_freeze_id: String(id) })
    .where('id', '=', id)
    .execute();
}

/** A listing whose release in the game failed: the sweeper releases it now (pending_until), with why. */
export async function leaveToSweeper(db: DbHandle, id: number, note: string): Promise<void> {
  await exchangeDb(db)
    .updateTable('commodities')
    .set({ pending_until: new Date(), note })
    .where('id', '=', id)
    .execute();
}

/**
 * The seller's edit of a delisted listing (已下架 only): a price with its fee (a coin lot's unit
 * price follows), the pre-sale's delivery days, the description. Answers whether it changed.
 * The first price edit since it was on sale keeps that price (last_on_sale_price_fen) for the relist.
 */
export async function editDelisted(
  db: DbHandle,
  id: number,
  edit: {
    price?: { fen: number; feeFen: number } | undefined;
    deliverDays?: number | undefined;
    description?: string | undefined;
  },
): Promise<boolean> {
  const set: ListingChange = {};
  // What the edit changes: a repeat with the same values leaves the listing as it was, its
  // updated_at too, so that a repeated request answers the same.
  const differs = [];
  if (edit.price) {
    set.price_fen = edit.price.fen;
    set.fee_fen = edit.price.feeFen;
    differs.push(sql`price_fen is distinct from ${edit.price.fen}`);
  }
  if (edit.deliverDays !== undefined) {
    set.deliver_days = edit.deliverDays;
    differs.push(sql`deliver_days is distinct from ${edit.deliverDays}`);
  }
  if (edit.description !== undefined) {
    set.description = edit.description;
    differs.push(sql`description is distinct from ${edit.description}`);
  }
  const now = new Date();
  let update = exchangeDb(db)
    .updateTable('commodities')
    .set(set)
    .set({
      updated_at: differs.length
        ? sql<Date>`case when ${sql.join(differs, sql` or `)} then ${now} else updated_at end`
        : now,
    });
  if (edit.price)
    update = update.set({
      unit_price_wan: sql<number | null>`case when type = ${CommodityType.COIN} and coin_num > 0
        then round(${edit.price.fen} * 10000.0 / coin_num) else unit_price_wan end`,
      last_on_sale_price_fen: sql<number>`coalesce(last_on_sale_price_fen, price_fen)`,
    });
  const changed = await update
    .where('id', '=', id)
    .where('status', '=', ListingStatus.DELISTED)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/**
 * A delisted listing about to go back on sale, locked in the caller's transaction: its price now and
 * the price it was last on sale at when the seller repriced it since (else null), for 降价提醒.
 * The caller's move back on sale clears last_on_sale_price_fen.
 */
export async function lockRelistPrices(
  db: DbHandle,
  id: number,
): Promise<
  { title: string; sellerUserId: number | null; priceFen: number; lastOnSalePriceFen: number | null } | undefined
> {
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select(['title', 'seller_user_id', 'price_fen', 'last_on_sale_price_fen'])
    .where('id', '=', id)
    .where('status', '=', ListingStatus.DELISTED)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    title: row.title,
    sellerUserId: row.seller_user_id,
    priceFen: Number(row.price_fen),
    lastOnSalePriceFen: row.last_on_sale_price_fen === null ? null : Number(row.last_on_sale_price_fen),
  };
}

/** A pre-frozen prop (上架中) gets its price, fee and chosen buyer; answers whether it was still waiting. */
export async function priceFrozenProp(
  db: DbHandle,
  id: number,
  price: { fen: number; feeFen: number; designatedTradeId: string | null },
): Promise<boolean> {
  const changed = await exchangeDb(db)
    .updateTable('commodities')
    .set({ price_fen: price.fen, fee_fen: price.feeFen, designated_trade_id: price.designatedTradeId })
    .where('id', '=', id)
    .where('status', '=', ListingStatus.LISTING)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** What a listing holds in the game: on sale, delisted, being listed, sold or taken back. */
export const HOLDING: ListingStatus[] = [
  ListingStatus.ON_SALE,
  ListingStatus.DELISTED,
  ListingStatus.LISTING,
  ListingStatus.SELLING,
  ListingStatus.RETRIEVING,
  ListingStatus.RETRIEVE_FAILED,
  ListingStatus.FROZEN,
];

/** Whether the user has a listing that still holds something in the game. */
export async function hasHoldingListings(db: DbHandle, sellerUserId: number): Promise<boolean> {
  return hasAny(
    exchangeDb(db)
      .selectFrom('commodities')
      .select('id')
      .where('seller_user_id', '=', sellerUserId)
      .where('status', 'in', HOLDING),
  );
}

/** A role's listings of the given types that still hold something in the game: their type and status. */
export async function roleHoldings(
  db: DbHandle,
  gameId: string,
  roleId: string,
  types: readonly CommodityType[],
): Promise<Array<{ type: number; status: number }>> {
  return exchangeDb(db)
    .selectFrom('commodities')
    .select(['type', 'status'])
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', roleId)
    .where('status', 'in', HOLDING)
    .where('type', 'in', [...types])
    .execute();
}

/** The props a role has on the shelf now (在售, 上架中, 出售中). */
export async function roleItemsOnShelf(db: DbHandle, gameId: string, roleId: string): Promise<number> {
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', roleId)
    .where('type', '=', CommodityType.PROP)
    .where('status', 'in', [ListingStatus.ON_SALE, ListingStatus.LISTING, ListingStatus.SELLING])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the role itself was last taken back from the shelf after `since`, or null. */
export async function roleTakenBackSince(
  db: DbHandle,
  gameId: string,
  roleId: string,
  since: Date,
): Promise<Date | null> {
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select('taken_back_at')
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', roleId)
    .where('type', '=', CommodityType.ROLE)
    .where('taken_back_at', '>', since)
    .orderBy('taken_back_at', 'desc')
    .executeTakeFirst();
  return row?.taken_back_at ?? null;
}

/** Which of the given props of a game were listed (and not refused) after `since`. */
export async function itemsListedSince(
  db: DbHandle,
  gameId: string,
  itemIds: readonly string[],
  since: Date,
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await exchangeDb(db)
    .selectFrom('commodities')
    .select('item_ids')
    .where('application_id', '=', gameId)
    .where('type', '=', CommodityType.PROP)
    .where('status', '!=', ListingStatus.LISTING_FAILED)
    .where('published_at', '>', since)
    .where((eb) => eb.or(itemIds.map((id) => sql<boolean>`item_ids @> ${JSON.stringify([id])}::jsonb`)))
    .execute();
  return new Set(rows.flatMap((r) => r.item_ids));
}

/** New screenshots of a role shown by its manual pre-sale listings that still hold it. */
export async function showRoleImages(
  db: DbHandle,
  gameId: string,
  roleId: string,
  images: Array<{ kind: string; title: string; url: string }>,
): Promise<void> {
  await exchangeDb(db)
    .updateTable('commodities')
    .set({ images: JSON.stringify(images), first_img: images[0]?.url ?? '', updated_at: new Date() })
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', roleId)
    .where('source', '=', 'manual')
    .where('type', '=', CommodityType.ROLE)
    .where('status', 'in', HOLDING)
    .execute();
}

/** One page of a seller's listings, most recently changed first (pageSize + 1 rows tell whether there is more). */
export async function sellerListingsPage(
  db: DbHandle,
  q: {
    sellerUserId: number;
    applicationId?: string | undefined;
    statuses?: ListingStatus[];
    type?: number | undefined;
  },
  page: number,
  pageSize: number,
): Promise<Listing[]> {
  let query = exchangeDb(db).selectFrom('commodities').selectAll().where('seller_user_id', '=', q.sellerUserId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  if (q.statuses) query = query.where('status', 'in', q.statuses);
  if (q.type) query = query.where('type', '=', q.type);
  return query
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
}

type SweepRow = { id: number; application_id: string; game_role_id: string | null };

/**
 * What the listing sweeper has to move at `now`: on sale past expires_at, 上架中 past
 * pending_until, 取回中 untouched since `retryBefore` (each batch bounded).
 */
export async function listingsToSweep(
  db: DbHandle,
  now: Date,
  retryBefore: Date,
): Promise<{ expired: number[]; waitedOut: SweepRow[]; takeBacks: SweepRow[] }> {
  const exchange = exchangeDb(db);
  const [expired, waitedOut, takeBacks] = await Promise.all([
    exchange
      .selectFrom('commodities')
      .select('id')
      .where('status', '=', ListingStatus.ON_SALE)
      .where('expires_at', '<', now)
      .limit(500)
      .execute(),
    exchange
      .selectFrom('commodities')
      .select(['id', 'application_id', 'game_role_id'])
      .where('status', '=', ListingStatus.LISTING)
      .where('pending_until', '<=', now)
      .limit(100)
      .execute(),
    exchange
      .selectFrom('commodities')
      .select(['id', 'application_id', 'game_role_id'])
      .where('status', '=', ListingStatus.RETRIEVING)
      .where('updated_at', '<', retryBefore)
      .limit(100)
      .execute(),
  ]);
  return { expired: expired.map((r) => r.id), waitedOut, takeBacks };
}

/** Records the sale of a delivered listing as price evidence (what was sold, where, at what price). */
export async function recordSale(
  db: DbHandle,
  listing: Pick<
    Listing,
    | 'id'
    | 'application_id'
    | 'server_id'
    | 'master_server_id'
    | 'role_type'
    | 'role_level'
    | 'coin_type'
    | 'coin_num'
    | 'sub_type'
    | 'item_name'
  >,
  sale: { title: string; type: number; priceFen: number; soldAt: Date },
): Promise<void> {
  await exchangeDb(db)
    .insertInto('market_trades')
    .values({
      commodity_id: listing.id,
      application_id: listing.application_id,
      type: sale.type,
      server_id: listing.server_id,
      master_server_id: listing.master_server_id,
      title: sale.title,
      role_type: listing.role_type,
      role_level: listing.role_level,
      coin_type: listing.coin_type,
      coin_num: listing.coin_num,
      sub_type: listing.sub_type,
      item_name: listing.item_name,
      price_fen: sale.priceFen,
      sold_at: sale.soldAt,
    })
    .execute();
}

/** A sale undone (the goods went back): it is no price evidence any more. */
export async function forgetSale(db: DbHandle, listingId: number): Promise<void> {
  await exchangeDb(db).deleteFrom('market_trades').where('commodity_id', '=', listingId).execute();
}

/** Trades of history seeded for a game (earlier listings; nothing on sale). */
export async function insertPastTrades(db: DbHandle, trades: Insertable<MarketTradesTable>[]): Promise<void> {
  for (let i = 0; i < trades.length; i += 500)
    await exchangeDb(db)
      .insertInto('market_trades')
      .values(trades.slice(i, i + 500))
      .execute();
}

/**
 * The seller's listing on sale becomes an auction (auction module): the auction flag, its start
 * price shown with its fee, and it stays on sale at least until `until`. Answers whether it was
 * still his, on sale and not an auction already.
 */
export async function startListingAuction(
  db: DbHandle,
  id: number,
  sellerUserId: number,
  price: { fen: number; feeFen: number },
  until: Date,
): Promise<boolean> {
  const changed = await exchangeDb(db)
    .updateTable('commodities')
    .set({
      auction_enable: 1,
      price_fen: price.fen,
      fee_fen: price.feeFen,
      expires_at: sql<Date>`greatest(coalesce(expires_at, ${until}), ${until})`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('seller_user_id', '=', sellerUserId)
    .where('status', '=', ListingStatus.ON_SALE)
    .where('auction_enable', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** An auction's current price shown on its listing (cards and sorting), on sale at least until `until`; false when it is no longer on sale. */
export async function showAuctionPrice(
  db: DbHandle,
  id: number,
  price: { fen: number; feeFen: number },
  until: Date,
): Promise<boolean> {
  const shown = await exchangeDb(db)
    .updateTable('commodities')
    .set({
      price_fen: price.fen,
      fee_fen: price.feeFen,
      expires_at: sql<Date>`greatest(coalesce(expires_at, ${until}), ${until})`,
    })
    .where('id', '=', id)
    .where('auction_enable', '=', 1)
    .where('status', '=', ListingStatus.ON_SALE)
    .returning('id')
    .executeTakeFirst();
  return shown !== undefined;
}

/** The auction ended without a sale: the listing is an ordinary one again, at the price it had before. */
export async function endListingAuction(db: DbHandle, id: number, price: { fen: number; feeFen: number }) {
  await exchangeDb(db)
    .updateTable('commodities')
    .set({ auction_enable: 0, price_fen: price.fen, fee_fen: price.feeFen, updated_at: new Date() })
    .where('id', '=', id)
    .where('auction_enable', '=', 1)
    .execute();
}

/** A seed's listings tagged as auctions (auction_enable, by their source) still on sale, for its auctions to be made real. */
export async function auctionTaggedListings(db: DbHandle, source: Listing['source']): Promise<Listing[]> {
  return exchangeDb(db)
    .selectFrom('commodities')
    .selectAll()
    .where('source', '=', source)
    .where('auction_enable', '=', 1)
    .where('status', '=', ListingStatus.ON_SALE)
    .orderBy('id')
    .execute();
}
