import type { DbHandle } from '../../platform/db/handle';
import { ordersDb } from './orders.tables';

/** Where an order stands, as another module shows or follows it (an agreed offer follows its order). */
export interface OrderState {
  status: number;
  expiresAt: Date | null;
}

/** The states of several orders at once (a page of offers, a sweeper's batch): one query. */
export async function orderStates(db: DbHandle, orderIds: readonly number[]): Promise<Map<number, OrderState>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'status', 'expires_at'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { status: r.status, expiresAt: r.expires_at }]));
}

/** Who an order is between and where it stands: what customer service and the urges check. */
export interface OrderParties {
  orderId: number;
  orderNo: string;
  buyerUserId: number;
  sellerUserId: number;
  status: number;
  title: string;
  commodityId: number;
}

export async function orderParties(db: DbHandle, orderIds: readonly number[]): Promise<Map<number, OrderParties>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'order_no', 'buyer_user_id', 'seller_user_id', 'status', 'title', 'commodity_id'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        orderId: r.id,
        orderNo: r.order_no,
        buyerUserId: r.buyer_user_id,
        sellerUserId: r.seller_user_id,
        status: r.status,
        title: r.title,
        commodityId: r.commodity_id,
      },
    ]),
  );
}

/** The order numbers (what a user reads and quotes) of several orders at once (a page of the wallet's statement). */
export async function orderNumbers(db: DbHandle, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'order_no'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.order_no]));
}

/** The buyers who paid an order in a game since a time (a coupon segment), at most `limit`. */
export async function buyerIdsOfGame(
  db: DbHandle,
  applicationId: string,
  since: Date,
  limit: number,
): Promise<number[]> {
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select('buyer_user_id')
    .distinct()
    .where('application_id', '=', applicationId)
    .where('paid_at', '>=', since)
    .orderBy('buyer_user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.buyer_user_id);
}

/** The price of these orders together, in fen (a coupon campaign's GMV). */
export async function priceSumOf(db: DbHandle, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const row = await ordersDb(db)
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('price_fen'), eb.lit(0)).as('fen'))
    .where('id', 'in', [...new Set(orderIds)])
    .executeTakeFirstOrThrow();
  return Number(row.fen);
}

/** A paid order as the risk signals read it. */
export interface PaidOrderFact {
  id: number;
  orderNo: string;
  buyerUserId: number;
  sellerUserId: number;
  commodityId: number;
  priceFen: number;
  type: number;
  paidAt: Date;
}

/** Orders paid after a time (the risk sweep's cursor), oldest first, at most `limit`. */
export async function ordersPaidAfter(db: DbHandle, after: Date, limit: number): Promise<PaidOrderFact[]> {
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'order_no', 'buyer_user_id', 'seller_user_id', 'commodity_id', 'price_fen', 'type', 'paid_at'])
    .where('paid_at', '>', after)
    .orderBy('paid_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.order_no,
    buyerUserId: r.buyer_user_id,
    sellerUserId: r.seller_user_id,
    commodityId: r.commodity_id,
    priceFen: Number(r.price_fen),
    type: r.type,
    paidAt: r.paid_at as Date,
  }));
}

/** Buyers who refused at least `min` receipts since a time: each with those orders. */
export async function refusingBuyers(
  db: DbHandle,
  since: Date,
  min: number,
): Promise<Array<{ buyerUserId: number; orderIds: number[] }>> {
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['buyer_user_id', 'id'])
    .where('receipt_refused_at', '>=', since)
    .orderBy('buyer_user_id')
    .orderBy('id')
    .execute();
  const by = new Map<number, number[]>();
  for (const r of rows) by.set(r.buyer_user_id, [...(by.get(r.buyer_user_id) ?? []), r.id]);
  return [...by].filter(([, ids]) => ids.length >= min).map(([buyerUserId, orderIds]) => ({ buyerUserId, orderIds }));
}
