import { publishCoin } from '@app/protocol/calls/consignment';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../src/modules/orders/order.service';
import { tableWritesOf } from '../src/platform/db/table-writes';
import {
  createTestApp,
  createTestClient,
  expectCode,
  freshDatabase,
  sdkPlayer,
  type TestApp,
  type TestClient,
  type TestDatabase,
} from './helpers';
import { type StatementCounter, statementCounter } from './statement-counter';

/**
 * Issue 19: what one h5sdkOrderPlace costs the database. Every statement the app's handle sends
 * is counted (a Kysely plugin on it, as order-page-queries.test.ts counts a page), and every
 * transaction it opens; the bound is what the placement needs with every check kept (decision
 * 0027: 21 statements and one transaction before it; after it 5, the writes in one statement; 4 once
 * the process has seen the buyer verified and the seller's 唯一码, user.queries.ts orderParties; 3
 * since decision 0031: the session, the listing, the writes with the order's id drawn in them).
 */
const MAX_STATEMENTS = 3;

let t: TestApp;
let sdk: TestClient;
let database: TestDatabase;
let counter: StatementCounter;
beforeAll(async () => {
  database = await freshDatabase();
  counter = statementCounter(database.db);
  t = await createTestApp({}, { ...database, db: counter.db });
  sdk = await createTestClient(t.app, 'H5SDK');
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

describe('one order placed inside the game (h5sdkOrderPlace)', () => {
  let seller: Awaited<ReturnType<typeof sdkPlayer>>;
  let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
  beforeAll(async () => {
    seller = await sdkPlayer(t, sdk, 'player1', '1390000');
    buyer = await sdkPlayer(t, sdk, 'buyer1', '1390000');
  });
  const listed = async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 10_000, price: 2_000 },
      { token: seller.token },
    );
    expectCode(lot, '200');
    return (lot.data as { commodityId: string }).commodityId;
  };

  it('refuses an account closed meanwhile in the same statement: nothing written, the listing still on sale', async () => {
    const commodityId = await listed();
    await t.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', buyer.userId).execute();
    try {
      await expect(
        placeOrder(
          { db: t.db, gateway: t.app.gateway },
          {
            buyer: { userId: buyer.userId, uid: buyer.uid },
            commodityId,
            requestKey: 'statements-closed',
            player: { accountId: 'buyer1', roleId: buyer.info.roleId },
          },
        ),
      ).rejects.toThrow('该账号已注销');
    } finally {
      await t.db.updateTable('users').set({ removed_at: null }).where('id', '=', buyer.userId).execute();
    }
    const listing = await t.db
      .selectFrom('commodities')
      .select('status')
      .where('id', '=', Number(commodityId))
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe(ListingStatus.ON_SALE);
    expect(
      await t.db.selectFrom('orders').select('id').where('request_key', '=', 'statements-closed').execute(),
    ).toEqual([]);
  });

  it('never remembers a refused buyer: a real name verified since counts at once', async () => {
    const commodityId = await listed();
    const newcomer = await t.db
      .insertInto('users')
      .values({ uid: '83000001', mobile: '13900000831', nickname: '新买家', avatar: '', has_authentication: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = () =>
      placeOrder(
        { db: t.db, gateway: t.app.gateway },
        {
          buyer: { userId: newcomer.id, uid: '83000001' },
          commodityId,
          requestKey: 'statements-unverified',
          player: { accountId: 'buyer1', roleId: buyer.info.roleId },
        },
      );
    await expect(order()).rejects.toThrow('请先完成实名认证');
    await t.db.updateTable('users').set({ has_authentication: true }).where('id', '=', newcomer.id).execute();
    expect((await order()).status).toBe(OrderStatus.AWAITING_PAYMENT);
  });

  it(`sends at most ${MAX_STATEMENTS} statements, the writes in one, every check kept`, async () => {
    const place = (commodityId: string, requestKey: string) =>
      sdk.call(h5sdkOrderPlace, { ...buyer.pt, commodityId, requestKey, agreement: true }, { token: buyer.token });
    // A first order warms what a process may keep between orders (the games' terms, a verified token).
    expectCode(await place(await listed(), 'statements-warm'), '200');

    const commodityId = await listed();
    // The listing's move is seen by the write watcher (the list's page cache is emptied by it, decision 0026).
    let listingWrites = 0;
    const unwatch = tableWritesOf(database.db)?.watch('commodities', () => listingWrites++);
    const {
      result: placed,
      statements,
      transactions,
    } = await counter.count(() => place(commodityId, 'statements-counted'));
    unwatch?.();
    expect(listingWrites).toBe(1);
    expectCode(placed, '200');
    const order = placed.data as { orderId: string; orderNo: string; status: number; totalAmount: number };
    expect(order).toMatchObject({ status: OrderStatus.AWAITING_PAYMENT, totalAmount: 2_000 });
    expect(order.orderNo).toMatch(new RegExp(`^E\\d{8}${order.orderId.padStart(8, '0')}$`));
    // One statement writes the order, its listing's move and its chat: its own transaction, no other.
    expect(transactions).toBe(0);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);

    // What the statements kept: the listing reserved, the order once, its chat open with both sides in it.
    const row = await t.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('request_key', '=', 'statements-counted')
      .executeTakeFirstOrThrow();
    expect(row.order_no).toBe(order.orderNo);
    const listing = await t.db
      .selectFrom('commodities')
      .select('status')
      .where('id', '=', Number(commodityId))
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe(ListingStatus.SELLING);
    const members = await t.db
      .selectFrom('im_groups as g')
      .innerJoin('im_members as m', 'm.group_id', 'g.id')
      .select('m.account')
      .where('g.kind', '=', 'order')
      .where('g.ref_id', '=', row.id)
      .execute();
    expect(members.map((m) => m.account).sort()).toEqual([buyer.uid, seller.uid].sort());
    const said = await t.db
      .selectFrom('im_groups as g')
      .innerJoin('im_messages as m', 'm.group_id', 'g.id')
      .select(['m.seq', 'm.role', 'm.body', 'g.last_seq'])
      .where('g.kind', '=', 'order')
      .where('g.ref_id', '=', row.id)
      .execute();
    expect(said).toEqual([
      { seq: 1, role: 'system', body: expect.stringMatching(/^买家已下单，订单金额 /), last_seq: 1 },
    ]);

    // A retry of the same request: the listing (now reserved) refuses it, and one read finds its order.
    const retry = await counter.count(() => place(commodityId, 'statements-counted'));
    const retried = retry.result;
    expectCode(retried, '200');
    expect((retried.data as { orderId: string }).orderId).toBe(order.orderId);
    expect(retry.statements).toEqual([
      'SelectQueryNode sessions',
      'SelectQueryNode commodities',
      'SelectQueryNode orders',
    ]);

    // A refusal after the buyer's checks (the listing taken off sale meanwhile): the same one read
    // finds nothing to answer, and the refusal is told.
    const delisted = await listed();
    await t.db
      .updateTable('commodities')
      .set({ status: ListingStatus.DELISTED })
      .where('id', '=', Number(delisted))
      .execute();
    const refusal = await counter.count(() => place(delisted, 'statements-refused'));
    expectCode(refusal.result, '30001');
    expect(refusal.statements).toEqual([
      'SelectQueryNode sessions',
      'SelectQueryNode commodities',
      'SelectQueryNode orders',
    ]);
  });
});
