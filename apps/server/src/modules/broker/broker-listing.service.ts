import {
  type BrokerListing,
  BrokerListingStatus,
  brokerListingStatusLabel,
  type publishCommodity,
} from '@app/protocol/calls/broker';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { type Selectable, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { countedPage, pageOf } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { serverOf } from '../market/catalogue';
import { holdOpenAccount } from '../user/user.service';
import { type BrokerListingsTable, brokerDb } from './broker.tables';
import { brokerConfig, channelCoin } from './broker-config';
import { approvedMerchant, holdApprovedMerchant } from './merchant.service';

export type BrokerListingRow = Selectable<BrokerListingsTable>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toBrokerListing(row: BrokerListingRow, shopName: string): BrokerListing {
  return {
    commodityId: String(row.id),
    applicationId: row.application_id,
    merchantId: String(row.merchant_id),
    shopName,
    serverId: row.server_id,
    serverName: row.server_name,
    masterServerId: row.master_server_id,
    goldType: row.gold_type,
    goldName: row.gold_name,
    unitPrice: Number(row.unit_price_fen),
    stock: Number(row.stock),
    minPerOrder: Number(row.min_per_order),
    maxPerOrder: Number(row.max_per_order),
    deliverMinutes: row.deliver_minutes,
    status: row.status,
    statusLabel: brokerListingStatusLabel[row.status as BrokerListingStatus] ?? '',
    soldQuantity: Number(row.sold_quantity),
    updateTime: seconds(row.updated_at),
  };
}

/** The listings with their shops' names, read at once. */
async function withShops(db: DbHandle, rows: BrokerListingRow[]): Promise<BrokerListing[]> {
  const ids = [...new Set(rows.map((r) => r.merchant_id))];
  const shops = ids.length
    ? await brokerDb(db).selectFrom('merchants').select(['id', 'shop_name']).where('id', 'in', ids).execute()
    : [];
  const names = new Map(shops.map((s) => [s.id, s.shop_name]));
  return rows.map((r) => toBrokerListing(r, names.get(r.merchant_id) ?? ''));
}

const live = (db: DbHandle) => brokerDb(db).selectFrom('broker_listings').selectAll().where('deleted_at', 'is', null);

export async function brokerListingById(db: DbHandle, id: number): Promise<BrokerListingRow | undefined> {
  return live(db).where('id', '=', id).executeTakeFirst();
}

/** One listing for anyone (deleted: 商品不存在). */
export async function brokerListingInfo(db: DbHandle, id: number): Promise<BrokerListing> {
  const row = await brokerListingById(db, id);
  if (!row) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  const [listing] = await withShops(db, [row]);
  return listing as BrokerListing;
}

async function ownListing(db: DbHandle, userId: number, id: string): Promise<BrokerListingRow> {
  const row = await brokerListingById(db, Number(id));
  if (!row || row.seller_user_id !== userId) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  return row;
}

type PublishInput = CallInput<typeof publishCommodity>;

/**
 * publishCommodity: an approved merchant of an open channel; a coin type of the channel and a
 * server of the game; the bounds per order inside the game's and in order; stock at least one
 * order; the delivery promise within the game's window.
 */
export async function publishBrokerListing(db: DbHandle, userId: number, input: PublishInput): Promise<BrokerListing> {
  const config = await brokerConfig(db, input.applicationId);
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放商人寄售');
  const merchant = await approvedMerchant(db, userId, input.applicationId);
  const gold = await channelCoin(db, config, input.goldType);
  const server = await serverOf(db, input.applicationId, input.serverId);
  if (!server) throw new AppError(ErrorCode.BAD_PARAMS, '区服不存在');
  if (input.minPerOrder < config.minQuantity)
    throw new AppError(ErrorCode.BAD_PARAMS, `单笔最少数量不能低于${config.minQuantity}`);
  if (input.maxPerOrder > config.maxQuantity)
    throw new AppError(ErrorCode.BAD_PARAMS, `单笔最多数量不能高于${config.maxQuantity}`);
  if (input.minPerOrder > input.maxPerOrder) throw new AppError(ErrorCode.BAD_PARAMS, '单笔最少数量不能大于最多数量');
  if (input.stock < input.minPerOrder) throw new AppError(ErrorCode.BAD_PARAMS, '库存不能少于单笔最少数量');
  if (input.deliverMinutes > config.deliverMinutes)
    throw new AppError(ErrorCode.BAD_PARAMS, `发货时效不能超过${config.deliverMinutes}分钟`);
  // The merchant's account held open while the listing is written (a closing account waits, then sees it).
  const row = await db.transaction().execute(async (trx) => {
    await holdOpenAccount(trx, userId);
    await holdApprovedMerchant(trx, merchant.id);
    return brokerDb(trx)
      .insertInto('broker_listings')
      .values({
        merchant_id: merchant.id,
        seller_user_id: userId,
        application_id: input.applicationId,
        server_id: input.serverId,
        server_name: server.name,
        master_server_id: server.masterServerId,
        gold_type: gold.goldType,
        gold_name: gold.goldName,
        unit_price_fen: input.unitPrice,
        stock: input.stock,
        min_per_order: input.minPerOrder,
        max_per_order: input.maxPerOrder,
        deliver_minutes: input.deliverMinutes,
        status: BrokerListingStatus.ON_SALE,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toBrokerListing(row, merchant.shop_name);
}

/**
 * updateCommodityStock: the coins left to sell, set in one statement (an order racing it takes its
 * quantity before or after, never below zero). 0 is 已售罄; restocking a sold-out listing puts it on
 * sale again; a delisted one stays delisted. A suspended merchant cannot restock.
 */
export async function setBrokerStock(db: DbHandle, userId: number, id: string, stock: number): Promise<BrokerListing> {
  const row = await ownListing(db, userId, id);
  if (stock > 0) await approvedMerchant(db, userId, row.application_id);
  // Stock added waits for (or is refused by) the merchant's leaving; stock taken away never is.
  const updated = await db.transaction().execute(async (trx) => {
    if (stock > 0) await holdApprovedMerchant(trx, row.merchant_id);
    return brokerDb(trx)
      .updateTable('broker_listings')
      .set({
        stock,
        status: sql<number>`case when ${stock}::bigint = 0 and status = 0 then 2 when ${stock}::bigint > 0 and status = 2 then 0 else status end`,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return (await withShops(db, [updated]))[0] as BrokerListing;
}

/** Whether the merchant has a listing on sale with stock left (buyers can still order from it). */
export async function hasBrokerStockOnSale(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    brokerDb(db)
      .selectFrom('broker_listings')
      .select('id')
      .where('seller_user_id', '=', userId)
      .where('status', '=', BrokerListingStatus.ON_SALE)
      .where('stock', '>', 0)
      .where('deleted_at', 'is', null),
  );
}

/** onShelf / downShelf / delCommodity: each one guarded update from the statuses it may leave. */
export async function moveBrokerListing(
  db: DbHandle,
  userId: number,
  id: string,
  action: 'onShelf' | 'downShelf' | 'delete',
): Promise<BrokerListing> {
  const row = await ownListing(db, userId, id);
  if (action === 'onShelf') {
    await approvedMerchant(db, userId, row.application_id);
    if (Number(row.stock) === 0) throw new AppError(ErrorCode.BAD_PARAMS, '库存为0，请先补充库存');
  }
  const rules = {
    onShelf: { from: [BrokerListingStatus.DELISTED], refuse: '商品已在售' },
    downShelf: { from: [BrokerListingStatus.ON_SALE, BrokerListingStatus.SOLD_OUT], refuse: '商品已下架' },
    delete: { from: [BrokerListingStatus.DELISTED, BrokerListingStatus.SOLD_OUT], refuse: '请先下架商品再删除' },
  }[action];
  const now = new Date();
  const updated = await db.transaction().execute(async (trx) => {
    // Back on sale waits for (or is refused by) the merchant's leaving.
    if (action === 'onShelf') await holdApprovedMerchant(trx, row.merchant_id);
    return brokerDb(trx)
      .updateTable('broker_listings')
      .set(
        action === 'delete'
          ? { deleted_at: now, updated_at: now }
          : {
              // Back on sale only with stock (an order may have taken the last coins meanwhile).
              status:
                action === 'onShelf'
                  ? sql<number>`case when stock > 0 then ${sql.lit(BrokerListingStatus.ON_SALE)} else ${sql.lit(BrokerListingStatus.SOLD_OUT)} end`
                  : BrokerListingStatus.DELISTED,
              updated_at: now,
            },
      )
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', rules.from)
      .returningAll()
      .executeTakeFirst();
  });
  if (!updated) throw new AppError(ErrorCode.BAD_PARAMS, rules.refuse);
  return (await withShops(db, [updated]))[0] as BrokerListing;
}

/** getMyCommodityList: the merchant's listings, newest first. */
export async function myBrokerListings(
  db: DbHandle,
  userId: number,
  q: { applicationId?: string | undefined; status?: number | undefined; page: number; pageSize: number },
) {
  let query = live(db).where('seller_user_id', '=', userId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  const { rows, hasMore } = await pageOf(query.orderBy('id', 'desc'), q);
  return { list: await withShops(db, rows), hasMore };
}

/**
 * commodityList: a game's listings on sale, of a server's master group (a buyer on any server of
 * it can receive), a coin type; cheapest first (then the most stock), or the most stock first.
 * Only approved merchants' listings show.
 */
export async function brokerMarket(
  db: DbHandle,
  q: {
    applicationId: string;
    serverId?: string | undefined;
    goldType?: number | undefined;
    sort: 'price' | 'stock';
    page: number;
    pageSize: number;
  },
) {
  let base = brokerDb(db)
    .selectFrom('broker_listings')
    .where('broker_listings.application_id', '=', q.applicationId)
    .where('broker_listings.status', '=', BrokerListingStatus.ON_SALE)
    .where('broker_listings.deleted_at', 'is', null)
    .where('broker_listings.stock', '>', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('merchants')
          .select('merchants.id')
          .whereRef('merchants.id', '=', 'broker_listings.merchant_id')
          .where('merchants.status', '=', 'approved'),
      ),
    );
  if (q.serverId) {
    const server = await serverOf(db, q.applicationId, q.serverId);
    base = base.where('broker_listings.master_server_id', '=', server?.masterServerId ?? q.serverId);
  }
  if (q.goldType !== undefined) base = base.where('broker_listings.gold_type', '=', q.goldType);
  let rows = base.selectAll('broker_listings');
  rows =
    q.sort === 'stock'
      ? rows.orderBy('broker_listings.stock', 'desc').orderBy('broker_listings.id')
      : rows
          .orderBy('broker_listings.unit_price_fen')
          .orderBy('broker_listings.stock', 'desc')
          .orderBy('broker_listings.id');
  const page = await countedPage(base, rows, q);
  return { list: await withShops(db, page.rows), total: page.total, hasMore: q.page * q.pageSize < page.total };
}

/**
 * An order takes its quantity out of the stock in one guarded update (never below zero, also under
 * many orders at once); the last coins make it 已售罄. Answers the listing after, or undefined when
 * the stock (or the listing's state) no longer allows it. For the broker orders and the bid
 * book's fills; in their transaction, the merchant held approved first (his leaving waits, or
 * refuses it with 该商人暂停营业).
 */
export async function reserveBrokerStock(
  trx: DbHandle,
  id: number,
  quantity: number,
): Promise<BrokerListingRow | undefined> {
  const listing = await brokerDb(trx)
    .selectFrom('broker_listings')
    .select('merchant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!listing) return undefined;
  await holdApprovedMerchant(trx, listing.merchant_id);
  return takeBrokerStock(trx, id, quantity).returningAll().executeTakeFirst();
}

/**
 * The guarded update of reserveBrokerStock (the stock, the sold quantity, 已售罄 with the last
 * coins; only on sale, undeleted, with the stock): alone in a transaction, or as a step of an
 * order's writes (`.where(when).returning('id')`, decision 0078).
 */
export function takeBrokerStock(db: DbHandle, id: number, quantity: number) {
  return brokerDb(db)
    .updateTable('broker_listings')
    .set({
      stock: sql<number>`stock - ${quantity}`,
      sold_quantity: sql<number>`sold_quantity + ${quantity}`,
      status: sql<number>`case when stock - ${quantity} = 0 then ${sql.lit(BrokerListingStatus.SOLD_OUT)} else status end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('status', '=', BrokerListingStatus.ON_SALE)
    .where('stock', '>=', quantity);
}

/**
 * An order that ended unpaid gives its quantity back (a sold-out listing is on sale again). An
 * order without a listing (a player sold into a bid from his role) has no stock to give back.
 */
export async function releaseBrokerStock(trx: DbHandle, id: number | null, quantity: number): Promise<void> {
  if (id === null) return;
  await brokerDb(trx)
    .updateTable('broker_listings')
    .set({
      stock: sql<number>`stock + ${quantity}`,
      sold_quantity: sql<number>`greatest(sold_quantity - ${quantity}, 0)`,
      status: sql<number>`case when status = ${sql.lit(BrokerListingStatus.SOLD_OUT)} then ${sql.lit(BrokerListingStatus.ON_SALE)} else status end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The sell side of a coin's book (the bid book's depth): the stock on sale of approved merchants'
 * listings of a master group and coin type, summed per unit price, the cheapest `levels` prices.
 */
export async function brokerAskLevels(
  db: DbHandle,
  q: { applicationId: string; masterServerId: string; goldType: number; levels: number },
): Promise<Array<{ unitPrice: number; quantity: number; count: number }>> {
  const rows = await brokerDb(db)
    .selectFrom('broker_listings')
    .select((eb) => [
      'broker_listings.unit_price_fen as price',
      eb.fn.sum<number>('broker_listings.stock').as('quantity'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('broker_listings.application_id', '=', q.applicationId)
    .where('broker_listings.master_server_id', '=', q.masterServerId)
    .where('broker_listings.gold_type', '=', q.goldType)
    .where('broker_listings.status', '=', BrokerListingStatus.ON_SALE)
    .where('broker_listings.deleted_at', 'is', null)
    .where('broker_listings.stock', '>', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('merchants')
          .select('merchants.id')
          .whereRef('merchants.id', '=', 'broker_listings.merchant_id')
          .where('merchants.status', '=', 'approved'),
      ),
    )
    .groupBy('broker_listings.unit_price_fen')
    .orderBy('broker_listings.unit_price_fen')
    .limit(q.levels)
    .execute();
  return rows.map((r) => ({ unitPrice: Number(r.price), quantity: Number(r.quantity), count: Number(r.n) }));
}
