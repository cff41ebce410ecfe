import { setTimeout as sleep } from 'node:timers/promises';
import type { DbHandle } from '../../platform/db/handle';
import { viewerBrokerOrder } from '../broker/broker-order.queries';
import { bidBookDb } from './bid-book.tables';

/**
 * A sale into the book is keyed by its seller's request key (docs/decisions/0025-bid-book.md): the
 * key is claimed (a row of coin_bid_sales, unique per seller) before any fill, every fill names the
 * sale, and the sale is marked done once they are all written. A repeat, also one racing the first,
 * sells nothing: it waits for the first to be done and answers its fills.
 */
export interface SaleAnswer {
  sold: number;
  amount: number;
  fills: Array<{ bidId: string; orderId: string; quantity: number; unitPrice: number; amount: number; status: number }>;
}

/** How long a repeat waits for the first sale's fills (each is one short transaction). */
const WAIT_MS = 15_000;
const POLL_MS = 40;

const saleOf = (db: DbHandle, sellerUserId: number, requestKey: string) =>
  bidBookDb(db)
    .selectFrom('coin_bid_sales')
    .select(['id', 'done'])
    .where('seller_user_id', '=', sellerUserId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

/** Claims the key: the new sale's id, or null when the key is taken (a repeat). */
export async function claimSale(db: DbHandle, sellerUserId: number, requestKey: string): Promise<number | null> {
  const row = await bidBookDb(db)
    .insertInto('coin_bid_sales')
    .values({ seller_user_id: sellerUserId, request_key: requestKey })
    .onConflict((oc) => oc.columns(['seller_user_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The sale's fills are all written. */
export async function finishSale(db: DbHandle, saleId: number): Promise<void> {
  await bidBookDb(db).updateTable('coin_bid_sales').set({ done: true }).where('id', '=', saleId).execute();
}

/** The sale sold nothing (it was refused): the key is free again, as if never sent. */
export async function dropSale(db: DbHandle, saleId: number): Promise<void> {
  await bidBookDb(db).deleteFrom('coin_bid_sales').where('id', '=', saleId).where('done', '=', false).execute();
}

/**
 * The answer of a key already used: once its sale is done, its fills (their orders' statuses as
 * they are now). Undefined when the key is not (or no longer) taken: the caller sells.
 */
export async function repeatedSale(
  db: DbHandle,
  sellerUserId: number,
  requestKey: string,
): Promise<SaleAnswer | undefined> {
  const until = Date.now() + WAIT_MS;
  let sale = await saleOf(db, sellerUserId, requestKey);
  while (sale && !sale.done && Date.now() < until) {
    await sleep(POLL_MS);
    sale = await saleOf(db, sellerUserId, requestKey);
  }
  if (!sale) return undefined;
  const rows = await bidBookDb(db)
    .selectFrom('coin_bid_fills as f')
    .innerJoin('coin_bids as b', 'b.id', 'f.bid_id')
    .select(['f.bid_id', 'f.broker_order_id', 'f.quantity', 'f.amount_fen', 'b.unit_price_fen'])
    .where('f.sale_id', '=', sale.id)
    .orderBy('f.id')
    .execute();
  const fills = [];
  for (const r of rows) {
    const { row } = await viewerBrokerOrder(db, sellerUserId, r.broker_order_id);
    fills.push({
      bidId: String(r.bid_id),
      orderId: String(r.broker_order_id),
      quantity: Number(r.quantity),
      unitPrice: Number(r.unit_price_fen),
      amount: Number(r.amount_fen),
      status: row.status,
    });
  }
  return {
    sold: fills.reduce((sum, f) => sum + f.quantity, 0),
    amount: fills.reduce((sum, f) => sum + f.amount, 0),
    fills,
  };
}
