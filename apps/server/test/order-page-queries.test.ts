import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, toOrders } from '../src/modules/orders/order-view';
import { migrate } from '../src/platform/db/database';
import { freshDatabase, type TestDatabase } from './helpers';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
  await migrate(database.db);
});
afterAll(() => database.drop());

/** Counts every query the handle sends (issue 14 item 7: a page is read in a fixed number of them). */
function counting() {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: database.db.withPlugin(plugin), count: () => queries };
}

/** Orders with everything that once cost a query per row: a coupon, an unpaid status (payment started?), a listing. */
const orders = (n: number): OrderRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    order_no: `T${1000 + i}`,
    buyer_user_id: 1,
    seller_user_id: 2,
    commodity_id: 5000 + i,
    application_id: 'demo',
    type: 2,
    title: `order ${i}`,
    price_fen: 10_000,
    buyer_fee_fen: 0,
    coupon_fen: 500,
    deposit_fen: 0,
    total_fen: 9_500,
    seller_fee_fen: 500,
    status: i % 2 ? OrderStatus.AWAITING_PAYMENT : OrderStatus.PAID,
    request_key: `k${i}`,
    deliver_account_id: 'a',
    deliver_role_id: 'r',
    deliver_role_name: '霸天君临',
    pay_channel: null,
    expires_at: new Date(Date.now() + 60_000),
    paid_at: null,
    delivered_at: null,
    confirmed_at: null,
    settle_at: null,
    created_at: new Date(),
    updated_at: new Date(),
    receipt: null,
    receipt_signature: null,
    note: '',
    reclaim_requested_at: null,
    payment_started_at: i % 4 === 1 ? new Date() : null,
    receipt_refused_at: null,
  }));

describe('an order page', () => {
  it('is read in the same number of queries for 1 order as for 50', async () => {
    const one = counting();
    const single = await toOrders(one.db, orders(1), 1);
    const many = counting();
    const page = await toOrders(many.db, orders(50), 1);
    expect(single).toHaveLength(1);
    expect(page).toHaveLength(50);
    expect(page.filter((o) => o.payStarted)).toHaveLength(13);
    // The listings and the coupons of the page, each read once.
    expect(many.count()).toBe(one.count());
    expect(many.count()).toBeLessThanOrEqual(3);
  });
});
