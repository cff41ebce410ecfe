import { randomBytes } from 'node:crypto';
import type { BrokerListing } from '@app/protocol/calls/broker';
import { type BrokerOrder, brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBrokerOrder } from '../src/modules/broker/broker-order-place';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { hashToken, issueSession, knownCaller } from '../src/platform/auth/sessions';
import { approvedMerchant, openBrokerChannel, publishedListing } from './broker-fixture';
import {
  createTestApp,
  createTestClient,
  expectCode,
  freshDatabase,
  sdkPlayer,
  type TestApp,
  type TestClient,
  type TestDatabase,
  testDb,
} from './helpers';
import { type StatementCounter, statementCounter } from './statement-counter';

/**
 * Issue 37 item 3: what one broker orderPlace costs the database, counted as
 * order-place-statements.test.ts counts the exchange's (statement-counter.ts), and whether every
 * refusal still refuses with nothing written, a change between the checks and the write included,
 * and whether orders at once on one listing ever oversell. Today: 26 statements and one
 * transaction (its BEGIN and COMMIT besides): the request key, the buyer, the listing, its
 * merchant, the game, the channel, the link, the server, then both accounts, the merchant again
 * and the stock in the transaction, the order, its chat and its number, then the 'placed' words
 * and the answer's reads.
 */
const MAX_STATEMENTS = 2;
const MAX_TRANSACTIONS = 0;

let t: TestApp;
let sdk: TestClient;
let app: TestClient;
let database: TestDatabase;
let counter: StatementCounter;
let merchant: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
let merchantId: string;
beforeAll(async () => {
  database = await freshDatabase();
  counter = statementCounter(database.db);
  t = await createTestApp({}, { ...database, db: counter.db });
  sdk = await createTestClient(t.app, 'H5SDK');
  app = await createTestClient(t.app, 'APP');
  merchant = await sdkPlayer(t, sdk, 'player1', '1391000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1391000');
  await openBrokerChannel(t);
  merchantId = await approvedMerchant(t, app, merchant.token, '计数金铺');
}, 120_000);
afterAll(async () => {
  await t.close();
  await database.drop();
});

const key = () => `bps-${randomBytes(6).toString('hex')}`;
const place = (commodityId: string, over: Record<string, unknown> = {}) =>
  app.call(
    brokerOrderPlace,
    {
      commodityId,
      quantity: 100_000,
      gameAccountId: 'buyer1',
      gameRoleId: buyer.info.roleId,
      requestKey: key(),
      agreement: true,
      ...over,
    },
    { token: buyer.token },
  );
const listed = (over: Record<string, unknown> = {}): Promise<BrokerListing> =>
  publishedListing(app, merchant, { stock: 1_000_000, ...over });
const stockOf = async (commodityId: string) => {
  const row = await t.db
    .selectFrom('broker_listings')
    .select(['stock', 'sold_quantity', 'status'])
    .where('id', '=', Number(commodityId))
    .executeTakeFirstOrThrow();
  return { stock: Number(row.stock), sold: Number(row.sold_quantity), status: row.status };
};
const ordersOf = async (commodityId: string) =>
  t.db
    .selectFrom('broker_orders')
    .select(['id', 'quantity', 'request_key'])
    .where('listing_id', '=', Number(commodityId))
    .execute();
const setMerchant = (status: 'approved' | 'suspended') =>
  t.db.updateTable('merchants').set({ status }).where('id', '=', Number(merchantId)).execute();

/** The game, asked for the receiving role between the checks and the write: `meanwhile` happens then. */
const gatewayWith = (meanwhile: () => Promise<unknown>): GameGateway => ({
  ...t.app.gateway,
  roles: async (gameId, accountId, serverId) => {
    await meanwhile();
    return t.app.gateway.roles(gameId, accountId, serverId);
  },
});
const placeDirect = (gateway: GameGateway, commodityId: string, requestKey = key()) =>
  placeBrokerOrder({ db: t.db, gateway }, knownCaller(buyer.userId), {
    commodityId,
    quantity: 100_000,
    gameAccountId: 'buyer1',
    gameRoleId: buyer.info.roleId,
    requestKey,
    agreement: true,
  });

describe(`one broker order placed (broker orderPlace, ${testDb})`, () => {
  it(`sends at most ${MAX_STATEMENTS} statements and ${MAX_TRANSACTIONS} transaction, every check kept`, async () => {
    const lot = await listed();
    // A first order warms what a process may keep between orders (the buyer verified, the seller's 唯一码, the game's terms).
    expectCode(await place(lot.commodityId, { quantity: 10_000 }), '200');

    const { result, statements, transactions } = await counter.count(() =>
      place(lot.commodityId, { requestKey: 'bps-counted' }),
    );
    expect(result.msg).toBe('success');
    expectCode(result, '200');
    const order = result.data as BrokerOrder;
    // 100,000 coins at 150 fen per 万: 1,500 fen; the merchant's fee 3 % is 45 fen, fixed on the order.
    expect(order).toMatchObject({
      status: 101,
      statusLabel: '待付款',
      quantity: 100_000,
      totalAmount: 1_500,
      role: 'buyer',
      shopName: '计数金铺',
      gameName: expect.any(String),
      delivery: 'api',
      bizNo: `B${order.orderId}`,
      deliverTo: { gameAccountId: 'buyer1', gameRoleId: buyer.info.roleId },
    });
    expect(order.gameName).not.toBe('');
    expect(order.orderNo).toMatch(new RegExp(`^B\\d{8}${order.orderId.padStart(8, '0')}$`));
    expect(order.expireTime).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    expect(transactions).toBeLessThanOrEqual(MAX_TRANSACTIONS);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(statements).toEqual(['SelectQueryNode', 'RawNode']);

    // What the statement wrote: the stock taken once, the order with its fee, the chat with both sides and its first words.
    expect(await stockOf(lot.commodityId)).toEqual({ stock: 890_000, sold: 110_000, status: 0 });
    const row = await t.db
      .selectFrom('broker_orders')
      .select(['id', 'order_no', 'fee_fen', 'merchant_id', 'seller_user_id', 'server_name'])
      .where('request_key', '=', 'bps-counted')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: Number(order.orderId),
      order_no: order.orderNo,
      merchant_id: Number(merchantId),
      seller_user_id: merchant.userId,
    });
    expect(Number(row.fee_fen)).toBe(45);
    const members = await t.db
      .selectFrom('im_groups as g')
      .innerJoin('im_members as m', 'm.group_id', 'g.id')
      .select(['m.account', 'm.role'])
      .where('g.kind', '=', 'broker')
      .where('g.ref_id', '=', row.id)
      .execute();
    expect(members.map((m) => `${m.role}:${m.account}`).sort()).toEqual(
      [`buyer:${buyer.uid}`, `seller:${merchant.uid}`].sort(),
    );
    const said = await t.db
      .selectFrom('im_groups as g')
      .innerJoin('im_messages as m', 'm.group_id', 'g.id')
      .select(['m.seq', 'm.role', 'm.body', 'g.last_seq'])
      .where('g.kind', '=', 'broker')
      .where('g.ref_id', '=', row.id)
      .execute();
    expect(said).toEqual([
      {
        seq: 1,
        role: 'system',
        body: `买家已下单：${row.server_name} 金币 ×100000，订单金额 ¥15.00，等待买家付款。交易请在平台内完成，勿私下转账。`,
        last_seq: 1,
      },
    ]);

    // A retry of the same request answers its order and takes nothing more.
    const retry = await counter.count(() => place(lot.commodityId, { requestKey: 'bps-counted' }));
    expectCode(retry.result, '200');
    expect((retry.result.data as BrokerOrder).orderId).toBe(order.orderId);
    expect(retry.transactions).toBeLessThanOrEqual(MAX_TRANSACTIONS);
    expect(await stockOf(lot.commodityId)).toMatchObject({ stock: 890_000 });
  });

  it('reads the session with the listing, and refuses as every df call does before anything of the listing', async () => {
    const lot = await listed();
    const before = await stockOf(lot.commodityId);
    const as = (token: string | undefined, commodityId = lot.commodityId) =>
      app.call(
        brokerOrderPlace,
        {
          commodityId,
          quantity: 100_000,
          gameAccountId: 'buyer1',
          gameRoleId: buyer.info.roleId,
          requestKey: key(),
          agreement: true,
        },
        token === undefined ? {} : { token },
      );
    expectCode(await as(undefined), '50000');
    expectCode(await as('made-up-token'), '20118');
    // No session says so first, whatever the listing: nothing of it is told.
    expectCode(await as('made-up-token', '999999999'), '20118');
    const second = { token: await issueSession(t.db, buyer.userId, 'H5SDK', 30) };
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('token_hash', '=', hashToken(second.token))
      .execute();
    expectCode(await as(second.token), '20118', '登录已过期，请重新登录');
    const third = { token: await issueSession(t.db, buyer.userId, 'H5SDK', 30) };
    const placed = await as(third.token);
    expect(placed.msg).toBe('success');
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(third.token))
      .execute();
    expectCode(await as(third.token), '20118');
    // One order placed, by the live session only.
    expect(await stockOf(lot.commodityId)).toMatchObject({ stock: before.stock - 100_000 });
    expect(await ordersOf(lot.commodityId)).toHaveLength(1);
  });

  it('refuses, with the words of before, and writes nothing', async () => {
    const lot = await listed({ stock: 300_000, minPerOrder: 20_000, maxPerOrder: 200_000 });
    expectCode(await place(lot.commodityId, { quantity: 10_000 }), '10002', '单笔最少购买20000');
    expectCode(await place(lot.commodityId, { quantity: 250_000 }), '10002', '单笔最多购买200000');
    // The game's bounds count too (the tighter of the two).
    await openBrokerChannel(t, { minQuantity: 30_000, maxQuantity: 150_000 });
    try {
      expectCode(await place(lot.commodityId, { quantity: 25_000 }), '10002', '单笔最少购买30000');
      expectCode(await place(lot.commodityId, { quantity: 160_000 }), '10002', '单笔最多购买150000');
    } finally {
      await openBrokerChannel(t);
    }
    expectCode(await place(lot.commodityId, { quantity: 200_000 }), '200');
    expectCode(await place(lot.commodityId, { quantity: 150_000 }), '10002', '库存不足，请减少购买数量');
    // Merchant not approved: suspended, then restored.
    await setMerchant('suspended');
    try {
      expectCode(await place(lot.commodityId, { quantity: 50_000 }), '10002', '该商人暂停营业');
    } finally {
      await setMerchant('approved');
    }
    await openBrokerChannel(t, { enabled: false });
    try {
      expectCode(await place(lot.commodityId, { quantity: 50_000 }), '10002', '该游戏暂未开放商人寄售');
    } finally {
      await openBrokerChannel(t);
    }
    await t.db.updateTable('broker_listings').set({ status: 1 }).where('id', '=', Number(lot.commodityId)).execute();
    expectCode(await place(lot.commodityId, { quantity: 50_000 }), '10002', '商品已下架');
    await t.db.updateTable('broker_listings').set({ status: 0 }).where('id', '=', Number(lot.commodityId)).execute();
    // The buyer's checks: his linked account, the role the game knows, the master group.
    expectCode(
      await place(lot.commodityId, { quantity: 50_000, gameAccountId: 'player1' }),
      '10002',
      '请选择您已登录过的游戏账号收货',
    );
    expectCode(await place(lot.commodityId, { quantity: 50_000, gameRoleId: 'r1' }), '10002', '收货角色不存在');
    const own = await app.call(
      brokerOrderPlace,
      {
        commodityId: lot.commodityId,
        quantity: 50_000,
        gameAccountId: 'player1',
        gameRoleId: merchant.info.roleId,
        requestKey: key(),
        agreement: true,
      },
      { token: merchant.token },
    );
    expectCode(own, '40002', '不能购买自己的商品');
    expectCode(await place('999999', { quantity: 50_000 }), '30001');
    expect(await stockOf(lot.commodityId)).toEqual({ stock: 100_000, sold: 200_000, status: 0 });
    expect(await ordersOf(lot.commodityId)).toHaveLength(1);
    // The last coins sell it out; then it is 已售罄.
    expectCode(await place(lot.commodityId, { quantity: 100_000 }), '200');
    expect(await stockOf(lot.commodityId)).toEqual({ stock: 0, sold: 300_000, status: 2 });
    expectCode(await place(lot.commodityId, { quantity: 50_000 }), '10002', '商品已售罄');
  });

  it('a change between the checks and the write refuses it there: nothing taken, no order', async () => {
    const lot = await listed({ stock: 300_000 });
    // The merchant suspended while the game was asked.
    await expect(
      placeDirect(
        gatewayWith(() => setMerchant('suspended')),
        lot.commodityId,
      ),
    ).rejects.toThrow('该商人暂停营业');
    await setMerchant('approved');
    // Another order took the stock meanwhile.
    await expect(
      placeDirect(
        gatewayWith(() =>
          t.db
            .updateTable('broker_listings')
            .set({ stock: 50_000 })
            .where('id', '=', Number(lot.commodityId))
            .execute(),
        ),
        lot.commodityId,
      ),
    ).rejects.toThrow('库存不足，请减少购买数量');
    // Taken off sale meanwhile.
    await t.db
      .updateTable('broker_listings')
      .set({ stock: 300_000 })
      .where('id', '=', Number(lot.commodityId))
      .execute();
    await expect(
      placeDirect(
        gatewayWith(() =>
          t.db.updateTable('broker_listings').set({ status: 1 }).where('id', '=', Number(lot.commodityId)).execute(),
        ),
        lot.commodityId,
      ),
    ).rejects.toThrow('库存不足，请减少购买数量');
    await t.db.updateTable('broker_listings').set({ status: 0 }).where('id', '=', Number(lot.commodityId)).execute();
    // The buyer's account closed meanwhile (and, the other side, the merchant's).
    for (const userId of [buyer.userId, merchant.userId]) {
      await expect(
        placeDirect(
          gatewayWith(() =>
            t.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', userId).execute(),
          ),
          lot.commodityId,
        ),
      ).rejects.toThrow('该账号已注销');
      await t.db.updateTable('users').set({ removed_at: null }).where('id', '=', userId).execute();
    }
    expect(await stockOf(lot.commodityId)).toEqual({ stock: 300_000, sold: 0, status: 0 });
    expect(await ordersOf(lot.commodityId)).toEqual([]);
    const groups = await t.db
      .selectFrom('im_groups')
      .select('id')
      .where('kind', '=', 'broker')
      .where('title', 'like', '计数金铺%')
      .execute();
    const orders = await t.db.selectFrom('broker_orders').select('id').execute();
    expect(groups).toHaveLength(orders.length);
  });

  it('the same request twice at once: one order, its stock taken once', async () => {
    const lot = await listed({ stock: 300_000 });
    const requestKey = key();
    const [a, b] = await Promise.all([place(lot.commodityId, { requestKey }), place(lot.commodityId, { requestKey })]);
    expectCode(a, '200');
    expectCode(b, '200');
    expect((a.data as BrokerOrder).orderId).toBe((b.data as BrokerOrder).orderId);
    expect(await stockOf(lot.commodityId)).toMatchObject({ stock: 200_000, sold: 100_000 });
    expect(await ordersOf(lot.commodityId)).toHaveLength(1);
  });

  it('orders at once on one listing never oversell: exactly what the stock holds', async () => {
    const lot = await listed({ stock: 1_000_000 });
    const results = await Promise.all(
      Array.from({ length: testDb === 'postgres' ? 40 : 15 }, () => place(lot.commodityId)),
    );
    const placed = results.filter((r) => r.code === '200');
    expect(placed).toHaveLength(10);
    // Refused by the stock: read sold out, or taken by another order after the read (the guarded update).
    for (const r of results.filter((x) => x.code !== '200')) {
      expectCode(r, '10002');
      expect(['商品已售罄', '库存不足，请减少购买数量']).toContain(r.msg);
    }
    expect(await stockOf(lot.commodityId)).toEqual({ stock: 0, sold: 1_000_000, status: 2 });
    const orders = await ordersOf(lot.commodityId);
    expect(orders).toHaveLength(10);
    expect(orders.reduce((n, o) => n + Number(o.quantity), 0)).toBe(1_000_000);
  });

  it.runIf(testDb === 'postgres')(
    'on PostgreSQL, 200 orders at once over 4 listings, stock for 30 each: 120 placed, none below zero',
    async () => {
      const lots = await Promise.all(Array.from({ length: 4 }, () => listed({ stock: 3_000_000 })));
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          placeDirect(t.app.gateway, (lots[i % 4] as BrokerListing).commodityId).then(
            () => true,
            (error: Error) => {
              expect(['商品已售罄', '库存不足，请减少购买数量']).toContain(error.message);
              return false;
            },
          ),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(120);
      for (const lot of lots) {
        expect(await stockOf(lot.commodityId)).toEqual({ stock: 0, sold: 3_000_000, status: 2 });
        expect(await ordersOf(lot.commodityId)).toHaveLength(30);
      }
    },
  );
});
