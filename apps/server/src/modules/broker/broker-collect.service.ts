import { type BrokerCollectCard, type BrokerListingDetail, BrokerListingStatus } from '@app/protocol/calls/broker';
import { ErrorCode } from '@app/protocol/errors';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { type BrokerTables, brokerDb } from './broker.tables';
import { brokerListingInfo, toBrokerListing } from './broker-listing.service';

/**
 * Collections (收藏) of broker listings (docs/decisions/0023-broker.md "Collections"). A collection
 * is invalid (已失效) when its listing can no longer be bought: deleted, 已下架, 已售罄 (or without
 * stock), or its merchant no longer approved (suspended). The listing's `collect_count` moves with
 * each row written or removed, under the listing's row lock, so it stays the number of rows.
 */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The listing (joined with its merchant) can no longer be bought. */
const invalid = (eb: ExpressionBuilder<BrokerTables, 'broker_listings' | 'merchants'>) =>
  eb.or([
    eb('broker_listings.deleted_at', 'is not', null),
    eb('broker_listings.status', '!=', BrokerListingStatus.ON_SALE),
    eb('broker_listings.stock', '<=', 0),
    eb('merchants.status', '!=', 'approved'),
  ]);

/** The caller's collections joined with their listings and merchants. */
const mine = (db: DbHandle, userId: number) =>
  brokerDb(db)
    .selectFrom('broker_collects')
    .innerJoin('broker_listings', 'broker_listings.id', 'broker_collects.listing_id')
    .innerJoin('merchants', 'merchants.id', 'broker_listings.merchant_id')
    .where('broker_collects.user_id', '=', userId);

/**
 * commodity/collect: collect=1 writes the row once (insert … on conflict do nothing: a repeat, also
 * one sent at the same moment, leaves one row) and counts it; collect=0 removes it and counts that.
 * The listing's row is locked first, so collects of one listing and its deletion take turns. An
 * unknown listing, or collecting a deleted one, is 商品不存在 with nothing written; a deleted
 * listing can still be uncollected (from 我的收藏).
 */
export async function collectBrokerListing(
  db: DbHandle,
  userId: number,
  commodityId: string,
  collect: 0 | 1,
): Promise<{ collected: boolean; collectCount: number }> {
  return db.transaction().execute(async (trx) => {
    const broker = brokerDb(trx);
    const id = Number(commodityId);
    const listing = await broker
      .selectFrom('broker_listings')
      .select(['id', 'deleted_at', 'collect_count'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!listing || (collect === 1 && listing.deleted_at !== null)) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    const changed =
      collect === 1
        ? await broker
            .insertInto('broker_collects')
            .values({ user_id: userId, listing_id: id })
            .onConflict((oc) => oc.columns(['user_id', 'listing_id']).doNothing())
            .returning('listing_id')
            .executeTakeFirst()
        : await broker
            .deleteFrom('broker_collects')
            .where('user_id', '=', userId)
            .where('listing_id', '=', id)
            .returning('listing_id')
            .executeTakeFirst();
    if (!changed) return { collected: collect === 1, collectCount: listing.collect_count };
    const counted = await broker
      .updateTable('broker_listings')
      .set({
        collect_count: collect === 1 ? sql<number>`collect_count + 1` : sql<number>`greatest(collect_count - 1, 0)`,
      })
      .where('id', '=', id)
      .returning('collect_count')
      .executeTakeFirstOrThrow();
    return { collected: collect === 1, collectCount: counted.collect_count };
  });
}

/** commodityInfo: the listing (deleted: 商品不存在), its collectors, and whether the signed-in viewer is one. */
export async function brokerListingDetail(
  db: DbHandle,
  id: number,
  viewerId: number | undefined,
): Promise<BrokerListingDetail> {
  const listing = await brokerListingInfo(db, id);
  const state = await brokerDb(db)
    .selectFrom('broker_listings')
    .select((eb) => [
      'broker_listings.collect_count',
      eb
        .exists(
          eb
            .selectFrom('broker_collects')
            .select('broker_collects.listing_id')
            .whereRef('broker_collects.listing_id', '=', 'broker_listings.id')
            .where('broker_collects.user_id', '=', viewerId ?? 0),
        )
        .as('collected'),
    ])
    .where('broker_listings.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...listing,
    collected: viewerId !== undefined && Boolean(state.collected),
    collectCount: state.collect_count,
  };
}

/** myCollect: one page of the caller's collections, newest first, each flagged; how many are invalid in all. */
export async function myBrokerCollects(
  db: DbHandle,
  userId: number,
  q: { page: number; pageSize: number },
): Promise<{ list: BrokerCollectCard[]; hasMore: boolean; invalidCount: number }> {
  const [rows, gone] = await Promise.all([
    mine(db, userId)
      .selectAll('broker_listings')
      .select([
        'broker_collects.created_at as collected_at',
        'merchants.shop_name',
        'merchants.status as merchant_status',
      ])
      .orderBy('broker_collects.created_at', 'desc')
      .orderBy('broker_collects.listing_id', 'desc')
      .limit(q.pageSize + 1)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    mine(db, userId)
      .where(invalid)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.slice(0, q.pageSize).map(({ collected_at, shop_name, merchant_status, ...row }) => ({
      ...toBrokerListing(row, shop_name),
      invalid:
        row.deleted_at !== null ||
        row.status !== BrokerListingStatus.ON_SALE ||
        Number(row.stock) <= 0 ||
        merchant_status !== 'approved',
      collectedAt: seconds(collected_at),
    })),
    hasMore: rows.length > q.pageSize,
    invalidCount: Number(gone.n),
  };
}

/**
 * clearInvalidCollect: removes the caller's invalid collections, nobody else's, and counts them off
 * their listings. The listings are locked first in id order (as a collect locks its one listing
 * before its row), so clears and collects running together cannot deadlock; a listing that became
 * buyable again meanwhile is re-read under the lock and kept.
 */
export async function clearInvalidBrokerCollects(db: DbHandle, userId: number): Promise<{ removed: number }> {
  return db.transaction().execute(async (trx) => {
    const broker = brokerDb(trx);
    const locked = await mine(trx, userId)
      .where(invalid)
      .select('broker_listings.id')
      .orderBy('broker_listings.id')
      .forUpdate('broker_listings')
      .execute();
    if (locked.length === 0) return { removed: 0 };
    const removed = await broker
      .deleteFrom('broker_collects')
      .where('user_id', '=', userId)
      .where(
        'listing_id',
        'in',
        locked.map((r) => r.id),
      )
      .returning('listing_id')
      .execute();
    if (removed.length > 0)
      await broker
        .updateTable('broker_listings')
        .set({ collect_count: sql<number>`greatest(collect_count - 1, 0)` })
        .where(
          'id',
          'in',
          removed.map((r) => r.listing_id),
        )
        .execute();
    return { removed: removed.length };
  });
}
