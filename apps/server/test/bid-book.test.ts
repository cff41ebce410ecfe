import { randomBytes } from 'node:crypto';
import { bidDepth, type CoinBid, cancelBid, myBids, postBid, sellToBid } from '@app/protocol/calls/bid-book';
import { type BrokerListing, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerConfirmOrder,
  brokerOrderInfo,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireCoinBids } from '../src/modules/bid-book/bid-book.service';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
type Sold = {
  sold: number;
  amount: number;
  fills: Array<{ bidId: string; orderId: string; quantity: number; unitPrice: number; amount: number; status: number }>;
};
let merchant: Player;
let buyer: Player;
let buyer2: Player;
let seller: Player;

const key = () => `bid-${randomBytes(6).toString('hex')}`;
const hours = (n: number) => Math.floor(Date.now() / 1000) + n * 3600;
const available = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available;
const reserved = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).reserved;
let topUps = 0;
const topUp = (userId: number, amount: number) =>
  transfer(t.db, {
    key: `bid-test-topup:${++topUps}`,
    debit: Accounts.gateway('sandbox'),
    credit: Accounts.userAvailable(userId),
    amount,
    code: 'topup',
  });

/** Posts a bid of the buyer on his role's server (s0's master group): answers the envelope. */
const post = (over: Record<string, unknown> = {}, who: Player = buyer, account = 'buyer1') =>
  app.call(
    postBid,
    {
      applicationId: GAME,
      serverId: who.pt.serverId,
      goldType: 2,
      unitPrice: 200,
      quantity: 100_000,
      expireTime: hours(24),
      gameAccountId: account,
      gameRoleId: who.info.roleId,
      requestKey: key(),
      ...over,
    },
    { token: who.token },
  );
const posted = async (over: Record<string, unknown> = {}, who: Player = buyer, account = 'buyer1') => {
  const res = await post(over, who, account);
  if (res.code !== '200') console.error(res.msg);
  expectCode(res, '200');
  return res.data as CoinBid;
};
/** The player sells from his own role (player3's r6 on s0). */
const sellFromRole = (over: Record<string, unknown> = {}, who: Player = seller, account = 'player3') =>
  app.call(
    sellToBid,
    {
      applicationId: GAME,
      serverId: who.pt.serverId,
      goldType: 2,
      quantity: 50_000,
      minPrice: 1,
      requestKey: key(),
      gameAccountId: account,
      gameRoleId: who.info.roleId,
      ...over,
    },
    { token: who.token },
  );
const sellFromListing = (commodityId: string, over: Record<string, unknown> = {}) =>
  app.call(
    sellToBid,
    {
      applicationId: GAME,
      serverId: merchant.pt.serverId,
      goldType: 2,
      quantity: 50_000,
      minPrice: 1,
      requestKey: key(),
      commodityId,
      ...over,
    },
    { token: merchant.token },
  );
const publish = async (stock: number, unitPrice = 260) => {
  const res = await app.call(
    publishCommodity,
    {
      applicationId: GAME,
      serverId: merchant.pt.serverId,
      goldType: 2,
      unitPrice,
      stock,
      minPerOrder: 20_000,
      maxPerOrder: 10_000_000,
      deliverMinutes: 30,
    },
    { token: merchant.token },
  );
  if (res.code !== '200') console.error(res.msg);
  expectCode(res, '200');
  return res.data as BrokerListing;
};
const bidRow = (id: string) =>
  t.db.selectFrom('coin_bids').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
const stockOf = async (id: string) =>
  Number(
    (await t.db.selectFrom('broker_listings').select('stock').where('id', '=', Number(id)).executeTakeFirstOrThrow())
      .stock,
  );
/**
 * The bid's money as the ledger has it: what its fills paid to the escrow, what its holds still
 * hold, what the voids of its holds gave back net of what the next hold took again.
 */
const ledgerOfBid = async (bidId: string) => {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select(['key', 'amount', 'state'])
    .where('key', 'like', `bid:${bidId}:%`)
    .execute();
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + Number(r.amount), 0);
  const paid = sum((r) => /:fill:\d+$/.test(r.key));
  const holding = sum((r) => /:hold:\d+$/.test(r.key) && r.state === 'pending');
  // Each void gives a hold back; the next hold and the fill's payment take it again.
  const released =
    sum((r) => /:hold:\d+$/.test(r.key) && r.state === 'voided') - sum((r) => /:hold:[1-9]\d*$/.test(r.key)) - paid;
  return { paid, holding, released };
};
const tokenOf = (p: Player) => p.token;

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386000');
  seller = await sdkPlayer(t, sdk, 'player3', '1387000');
  buyer2 = await sdkPlayer(t, sdk, 'player2', '1388000');
  await setBrokerConfig(t.db, {
    applicationId: GAME,
    enabled: true,
    goldTypes: [
      { goldType: 1, goldName: '元宝' },
      { goldType: 2, goldName: '金币' },
    ],
    minQuantity: 20_000,
    maxQuantity: 50_000_000,
    feePercent: 3,
    deliverMinutes: 60,
    confirmHours: 24,
  });
  const applied = await app.call(
    merchantApply,
    { applicationId: GAME, shopName: '求购金铺', agreement: true },
    { token: merchant.token },
  );
  const { merchantId } = applied.data as { merchantId: string };
  const opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
  const decided = await opsApi(t).call('POST', `/merchants/${merchantId}/decide`, {
    token: opsToken,
    body: { decision: 'approve', creditFen: 100_000 },
  });
  expect(decided.data).toMatchObject({ status: 'approved' });
  await topUp(buyer.userId, 500_000);
  await topUp(buyer2.userId, 500_000);
});

describe(`the buy order book (${testDb})`, () => {
  it('refuses bad bids and changes nothing', async () => {
    const before = await balanceOf(t.db, Accounts.userAvailable(buyer.userId));
    expectCode(await post({ unitPrice: 0 }), '10002', '单价须大于0');
    expectCode(await post({ unitPrice: 1.5 }), '10002', '单价须精确到分');
    expectCode(await post({ quantity: 15_000 }), '10002', '求购数量须为整万');
    expectCode(await post({ quantity: 10_000 }), '10002', '求购数量最少20000');
    expectCode(await post({ quantity: 60_000_000 }), '10002', '求购数量最多50000000');
    expectCode(await post({ expireTime: hours(-1) }), '10002', '到期时间须晚于当前时间');
    expectCode(await post({ expireTime: hours(31 * 24) }), '10002', '求购有效期最长30天');
    expectCode(await post({ goldType: 9 }), '10002', '币种不存在');
    expectCode(await post({ serverId: 'nowhere' }), '10002', '区服不存在');
    expectCode(await post({ gameAccountId: 'player1' }), '10002', '请选择您已登录过的游戏账号收货');
    expectCode(await post({ gameRoleId: 'r1' }), '10002', '收货角色不存在');
    // player1's r3 is on a server of another master group.
    expectCode(await post({ gameRoleId: 'r3' }, merchant, 'player1'), '10002', '收货角色须与求购区服在同一主服');
    // 50,000,000 coins at 200 fen per 万 is 1,000,000 yuan: far above the balance.
    expectCode(await post({ quantity: 50_000_000 }), '10002', '余额不足：求购需冻结¥10,000.00，请先充值或减少数量');
    expect(await t.db.selectFrom('coin_bids').select('id').execute()).toEqual([]);
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toEqual(before);
  });

  it('posts with the money held, fills best price first across bids, partly; each fill a paid broker order the game delivers', async () => {
    const availableBefore = await available(buyer.userId);
    const requestKey = key();
    const low = await posted({ unitPrice: 180, quantity: 100_000, requestKey });
    // 100,000 coins at 180 fen per 万: 1,800 fen held, not spent.
    expect(low).toMatchObject({
      status: 0,
      statusLabel: '求购中',
      reservedAmount: 1_800,
      filledQuantity: 0,
      goldName: '金币',
    });
    expect((await posted({ unitPrice: 180, requestKey })).bidId).toBe(low.bidId);
    const high = await posted({ unitPrice: 220, quantity: 60_000 }, buyer2, 'player2');
    const older = await posted({ unitPrice: 200, quantity: 40_000 });
    const newer = await posted({ unitPrice: 200, quantity: 40_000 }, buyer2, 'player2');
    expect(await available(buyer.userId)).toBe(availableBefore - 1_800 - 800);
    expect(await reserved(buyer.userId)).toBe(2_600);

    const depth = await app.call(bidDepth, { applicationId: GAME, serverId: buyer.pt.serverId, goldType: 2 });
    expect((depth.data as { bids: unknown[] }).bids).toEqual([
      { unitPrice: 220, quantity: 60_000, count: 1 },
      { unitPrice: 200, quantity: 80_000, count: 2 },
      { unitPrice: 180, quantity: 100_000, count: 1 },
    ]);

    // The player sells 120,000 from his role down to 200: the 220 bid whole, then the older 200 bid, then 20,000 of the newer.
    const res = await sellFromRole({ quantity: 120_000, minPrice: 200 });
    expectCode(res, '200');
    const sold = res.data as Sold;
    expect(sold.sold).toBe(120_000);
    expect(sold.fills.map((f) => [f.bidId, f.quantity, f.unitPrice, f.amount, f.status])).toEqual([
      [high.bidId, 60_000, 220, 1_320, 107],
      [older.bidId, 40_000, 200, 800, 107],
      [newer.bidId, 20_000, 200, 400, 107],
    ]);
    expect(await bidRow(newer.bidId)).toMatchObject({ status: 0, filled_quantity: 20_000 });
    expect(await bidRow(older.bidId)).toMatchObject({ status: 1 });
    // The low bid was below the seller's price: untouched.
    expect(await bidRow(low.bidId)).toMatchObject({ status: 0, filled_quantity: 0 });

    // The fill is the buyer's broker order: the coins reached his role with the game's receipt; he confirms.
    const order = (await app.call(brokerOrderInfo, { orderId: sold.fills[1]!.orderId }, { token: buyer.token }))
      .data as BrokerOrder;
    expect(order).toMatchObject({
      status: 107,
      quantity: 40_000,
      totalAmount: 800,
      shopName: '玩家出售',
      deliverTo: { gameRoleId: buyer.info.roleId },
      receipt: { to: buyer.info.roleId, amount: 40_000, coinType: '金币', verified: true },
    });
    const sellerView = (await app.call(brokerOrderInfo, { orderId: order.orderId }, { token: seller.token }))
      .data as BrokerOrder;
    expect(sellerView).toMatchObject({ role: 'merchant', fee: 24, merchantReceive: 776 });
    expectCode(await app.call(brokerConfirmOrder, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect((await balanceOf(t.db, Accounts.userAvailable(seller.userId))).incoming).toBeGreaterThanOrEqual(776);

    // A merchant sells from his listing's stock into the rest of the newer bid and the low bid; he delivers from the workbench.
    const lot = await publish(100_000);
    const merchantSold = await sellFromListing(lot.commodityId, { quantity: 100_000, minPrice: 150 });
    expectCode(merchantSold, '200');
    expect((merchantSold.data as Sold).fills.map((f) => [f.bidId, f.quantity, f.status])).toEqual([
      [newer.bidId, 20_000, 102],
      [low.bidId, 80_000, 102],
    ]);
    expect(await stockOf(lot.commodityId)).toBe(0);
    const lowOrder = (merchantSold.data as Sold).fills[1]!.orderId;
    const delivered = await app.call(
      startOrderDelivery,
      { orderId: lowOrder, gameAccountId: 'player1', gameRoleId: merchant.info.roleId },
      { token: merchant.token },
    );
    expect(delivered.data).toMatchObject({ status: 107, shopName: '求购金铺', commodityId: lot.commodityId });

    // The low bid lacks 20,000: 360 fen still held. Cancelled, it comes back; reserved = filled + released.
    expect(await reserved(buyer.userId)).toBe(360);
    const cancelled = await app.call(cancelBid, { bidId: low.bidId }, { token: buyer.token });
    expect(cancelled.data).toMatchObject({
      status: 2,
      statusLabel: '已撤销',
      filledQuantity: 80_000,
      reservedAmount: 1_800,
      filledAmount: 1_440,
      releasedAmount: 360,
    });
    expect(await ledgerOfBid(low.bidId)).toMatchObject({ paid: 1_440, holding: 0, released: 360 });
    expect(await ledgerOfBid(older.bidId)).toMatchObject({ paid: 800, holding: 0, released: 0 });
    expect(await reserved(buyer.userId)).toBe(0);
    expect(await available(buyer.userId)).toBe(availableBefore - 800 - 1_440);
    const mine = (await app.call(myBids, {}, { token: buyer.token })).data as { list: CoinBid[] };
    expect(mine.list.map((b) => [b.bidId, b.status, b.fills.length])).toEqual([
      [older.bidId, 1, 1],
      [low.bidId, 2, 1],
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses bad sales: own bid, more than one holds, a bid filled, cancelled or run out, none at the price', async () => {
    const bid = await posted({ unitPrice: 300, quantity: 20_000 });
    const own = await app.call(
      sellToBid,
      {
        applicationId: GAME,
        serverId: buyer.pt.serverId,
        goldType: 2,
        quantity: 20_000,
        minPrice: 1,
        requestKey: key(),
        bidId: bid.bidId,
        gameAccountId: 'buyer1',
        gameRoleId: buyer.info.roleId,
      },
      { token: buyer.token },
    );
    expectCode(own, '10002', '不能卖给自己的求购');
    // buyer1's role holds 1,000 金币.
    expectCode(
      await app.call(
        sellToBid,
        {
          applicationId: GAME,
          serverId: buyer.pt.serverId,
          goldType: 2,
          quantity: 20_000,
          minPrice: 1,
          requestKey: key(),
          gameAccountId: 'buyer1',
          gameRoleId: buyer.info.roleId,
        },
        { token: buyer2.token },
      ),
      '10002',
      '请选择您已登录过的游戏账号出售',
    );
    expectCode(await sellFromRole({ quantity: 10_000_000_000_000 }), '10002', '出售数量过大');
    const { coins } = await t.app.gateway.coins(GAME, seller.info.roleId);
    const held = coins.find((c) => c.coinType === '金币')!.available;
    expectCode(
      await sellFromRole({ quantity: (Math.floor(held / 10_000) + 1) * 10_000 }),
      '10002',
      `角色的金币不足，当前可出售${held}`,
    );
    expectCode(await sellFromRole({ quantity: 25_000 }), '10002', '出售数量须为整万');
    expectCode(await sellFromRole({ minPrice: 301 }), '10002', '当前没有不低于该价格的求购');
    expectCode(await sellFromRole({ bidId: bid.bidId, minPrice: 301 }), '10002', '该求购的价格低于您的最低售价');
    const lot = await publish(20_000);
    expectCode(await sellFromListing(lot.commodityId, { quantity: 30_000 }), '10002', '库存不足，最多可卖20000');
    expectCode(
      await app.call(
        sellToBid,
        {
          applicationId: GAME,
          serverId: seller.pt.serverId,
          goldType: 2,
          quantity: 20_000,
          minPrice: 1,
          requestKey: key(),
          commodityId: lot.commodityId,
        },
        { token: seller.token },
      ),
      '10002',
      '您还不是该游戏的商人，请先申请入驻',
    );
    expectCode(
      await app.call(
        sellToBid,
        {
          applicationId: GAME,
          serverId: seller.pt.serverId,
          goldType: 2,
          quantity: 20_000,
          minPrice: 1,
          requestKey: key(),
        },
        { token: seller.token },
      ),
      '10002',
      '请选择出售的商品或游戏角色',
    );
    expect(await bidRow(bid.bidId)).toMatchObject({ status: 0, filled_quantity: 0 });
    expect(await stockOf(lot.commodityId)).toBe(20_000);

    // Filled, then sold to again; cancelled; run out.
    expectCode(await sellFromRole({ bidId: bid.bidId, quantity: 20_000 }), '200');
    expectCode(await sellFromRole({ bidId: bid.bidId, quantity: 20_000 }), '10002', '该求购已全部成交');
    expectCode(
      await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }),
      '10002',
      '该求购已全部成交，无法撤销',
    );
    const gone = await posted({ unitPrice: 300, quantity: 20_000 });
    expectCode(await app.call(cancelBid, { bidId: gone.bidId }, { token: buyer2.token }), '10002', '求购单不存在');
    expectCode(await app.call(cancelBid, { bidId: gone.bidId }, { token: buyer.token }), '200');
    expectCode(
      await app.call(cancelBid, { bidId: gone.bidId }, { token: buyer.token }),
      '10002',
      '该求购已撤销，无法撤销',
    );
    expectCode(await sellFromRole({ bidId: gone.bidId, quantity: 20_000 }), '10002', '该求购已撤销');
    const late = await posted({ unitPrice: 300, quantity: 20_000, expireTime: hours(1) });
    expect(await expireCoinBids({ db: t.db, gateway: t.app.gateway }, Date.now() + 2 * 3_600_000)).toBe(1);
    expect(await bidRow(late.bidId)).toMatchObject({ status: 3 });
    expectCode(await sellFromRole({ bidId: late.bidId, quantity: 20_000 }), '10002', '该求购已过期');
    expect(await ledgerOfBid(late.bidId)).toMatchObject({ paid: 0, holding: 0, released: 600 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a sale is keyed: a repeat answers the first fills and sells nothing more; the same key at once sells once', async () => {
    const bid = await posted({ unitPrice: 280, quantity: 100_000 });
    const requestKey = key();
    const first = await sellFromRole({ bidId: bid.bidId, quantity: 20_000, requestKey });
    expectCode(first, '200');
    const again = await sellFromRole({ bidId: bid.bidId, quantity: 20_000, requestKey });
    expectCode(again, '200');
    expect(again.data).toEqual(first.data);
    // The same key with other fields is still the first sale: nothing more sold.
    const other = await sellFromRole({ bidId: bid.bidId, quantity: 40_000, requestKey });
    expect((other.data as Sold).fills.map((f) => f.orderId)).toEqual((first.data as Sold).fills.map((f) => f.orderId));
    expect(await bidRow(bid.bidId)).toMatchObject({ filled_quantity: 20_000, hold_seq: 1 });
    // A refused sale does not use up its key: sent again once it can sell, it sells.
    const refusedKey = key();
    expectCode(
      await sellFromRole({ bidId: bid.bidId, minPrice: 281, requestKey: refusedKey }),
      '10002',
      '该求购的价格低于您的最低售价',
    );
    expectCode(await sellFromRole({ bidId: bid.bidId, quantity: 20_000, requestKey: refusedKey }), '200');
    expect(await bidRow(bid.bidId)).toMatchObject({ filled_quantity: 40_000, hold_seq: 2 });

    const lot = await publish(200_000);
    for (let round = 0; round < 3; round++) {
      // A double submit: the same key twice at once, from a role and from a listing.
      const roleKey = key();
      const listingKey = key();
      const before = Number((await bidRow(bid.bidId)).filled_quantity);
      const [a, b, c, d] = await Promise.all([
        sellFromRole({ bidId: bid.bidId, quantity: 10_000, requestKey: roleKey }),
        sellFromRole({ bidId: bid.bidId, quantity: 10_000, requestKey: roleKey }),
        sellFromListing(lot.commodityId, { bidId: bid.bidId, quantity: 10_000, requestKey: listingKey }),
        sellFromListing(lot.commodityId, { bidId: bid.bidId, quantity: 10_000, requestKey: listingKey }),
      ]);

      for (const r of [a, b, c, d]) expectCode(r, '200');
      expect((a.data as Sold).fills.map((f) => f.orderId)).toEqual((b.data as Sold).fills.map((f) => f.orderId));
      expect((c.data as Sold).fills.map((f) => f.orderId)).toEqual((d.data as Sold).fills.map((f) => f.orderId));
      expect(Number((await bidRow(bid.bidId)).filled_quantity)).toBe(before + 20_000);
    }
    expect(await stockOf(lot.commodityId)).toBe(200_000 - 30_000);
    const fills = await t.db
      .selectFrom('coin_bid_fills')
      .select('quantity')
      .where('bid_id', '=', Number(bid.bidId))
      .execute();
    expect(fills.reduce((sum, f) => sum + Number(f.quantity), 0)).toBe(100_000);
    expect(await bidRow(bid.bidId)).toMatchObject({ status: 1, filled_quantity: 100_000 });
    expect(await ledgerOfBid(bid.bidId)).toMatchObject({ paid: 2_800, holding: 0, released: 0 });
    expectCode(await sellFromRole({ quantity: 20_000, requestKey: '短' }), '10002');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('races: two sellers on the last coins never overfill; a cancel or the expiry against a fill, one wins; the money adds up', async () => {
    const lot = await publish(1_000_000);
    for (let round = 0; round < 4; round++) {
      // The bid lacks 30,000: a merchant and a player offer 30,000 each at once.
      const bid = await posted({ unitPrice: 250, quantity: 60_000 });
      expectCode(await sellFromRole({ bidId: bid.bidId, quantity: 30_000 }), '200');
      const [a, b] = await Promise.all([
        sellFromListing(lot.commodityId, { bidId: bid.bidId, quantity: 30_000 }),
        sellFromRole({ bidId: bid.bidId, quantity: 30_000 }),
      ]);
      expect([a.code, b.code].filter((c) => c === '200')).toHaveLength(1);
      const row = await bidRow(bid.bidId);
      expect(row).toMatchObject({ status: 1, filled_quantity: 60_000 });
      const fills = await t.db.selectFrom('coin_bid_fills').select('quantity').where('bid_id', '=', row.id).execute();
      expect(fills.reduce((s, f) => s + Number(f.quantity), 0)).toBe(60_000);
      expect(await ledgerOfBid(bid.bidId)).toMatchObject({ paid: 1_500, holding: 0, released: 0 });
    }
    for (let round = 0; round < 3; round++) {
      // Two partial fills at once: both count (no fill overwrites the other's).
      const bid = await posted({ unitPrice: 250, quantity: 100_000 });
      const both = await Promise.all([
        sellFromListing(lot.commodityId, { bidId: bid.bidId, quantity: 30_000 }),
        sellFromRole({ bidId: bid.bidId, quantity: 30_000 }),
      ]);
      expect(both.map((r) => r.code)).toEqual(['200', '200']);
      expect(await bidRow(bid.bidId)).toMatchObject({ status: 0, filled_quantity: 60_000, hold_seq: 2 });
      expect(await ledgerOfBid(bid.bidId)).toMatchObject({ paid: 1_500, holding: 1_000, released: 0 });
      expectCode(await app.call(cancelBid, { bidId: bid.bidId }, { token: buyer.token }), '200');
      expect(await ledgerOfBid(bid.bidId)).toMatchObject({ paid: 1_500, holding: 0, released: 1_000 });
    }
    // The merchant's stock lost exactly what his winning fills took.
    const merchantFills = await t.db
      .selectFrom('broker_orders')
      .select((eb) => eb.fn.sum<number>('quantity').as('q'))
      .where('listing_id', '=', Number(lot.commodityId))
      .executeTakeFirstOrThrow();
    expect(await stockOf(lot.commodityId)).toBe(1_000_000 - Number(merchantFills.q ?? 0));

    for (let round = 0; round < 4; round++) {
      // The buyer cancels while a player sells all of it.
      const bid = await posted({ unitPrice: 250, quantity: 40_000 });
      const [cancel, sale] = await Promise.all([
        app.call(cancelBid, { bidId: bid.bidId }, { token: tokenOf(buyer) }),
        sellFromRole({ bidId: bid.bidId, quantity: 40_000 }),
      ]);
      expect([cancel.code, sale.code].filter((c) => c === '200')).toHaveLength(1);
      const money = await ledgerOfBid(bid.bidId);
      expect(money.paid + money.released).toBe(1_000);
      expect(money.holding).toBe(0);
      expect((await bidRow(bid.bidId)).status).toBe(cancel.code === '200' ? 2 : 1);
    }

    for (let round = 0; round < 4; round++) {
      // The sweeper runs the bid out (its clock past the expiry) while a player sells half of it.
      const bid = await posted({ unitPrice: 250, quantity: 40_000, expireTime: hours(1) });
      const [expired, sale] = await Promise.all([
        expireCoinBids({ db: t.db, gateway: t.app.gateway }, Date.now() + 2 * 3_600_000),
        sellFromRole({ bidId: bid.bidId, quantity: 20_000 }),
      ]);
      const row = await bidRow(bid.bidId);
      expect(row.status).toBe(3);
      expect(expired).toBe(1);
      const money = await ledgerOfBid(bid.bidId);
      expect(money.holding).toBe(0);
      expect(money.paid).toBe(sale.code === '200' ? 500 : 0);
      expect(money.paid + money.released).toBe(1_000);
      expect(Number(row.filled_quantity)).toBe(sale.code === '200' ? 20_000 : 0);
    }
    // The same bid sent twice at once: one bid, one hold.
    const requestKey = key();
    const twice = await Promise.all([post({ requestKey, quantity: 20_000 }), post({ requestKey, quantity: 20_000 })]);
    expect(twice.map((r) => r.code)).toEqual(['200', '200']);
    expect((twice[0]!.data as CoinBid).bidId).toBe((twice[1]!.data as CoinBid).bidId);
    expect(await reserved(buyer.userId)).toBe(400);
    expectCode(await app.call(cancelBid, { bidId: (twice[0]!.data as CoinBid).bidId }, { token: buyer.token }), '200');
    expect(await reserved(buyer.userId)).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
