import { randomBytes } from 'node:crypto';
import {
  type AuctionDetail,
  auctionBid,
  auctionBuyNow,
  auctionCreate,
  auctionDetail,
  auctionMyBids,
  h5sdkAuctionJoin,
  type MyBid,
} from '@app/protocol/calls/auction';
import { publishCoin } from '@app/protocol/calls/consignment';
import { downShelf } from '@app/protocol/calls/consignment-shelf';
import { serverFunctionList } from '@app/protocol/calls/market-games';
import { noticeList } from '@app/protocol/calls/notices';
import { cancelOrder, h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { Notice } from '@app/protocol/notices';
import { DEFAULT_SELL_RULES, depositFor, forfeitSplit } from '@app/protocol/sell-rules';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf, userBalances } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { type Envelope, expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';

type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let seller: Player;
let b1: Player;
let b2: Player;
let b3: Player;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1391000');
  b1 = await sdkPlayer(t, sdk, 'buyer1', '1392000');
  b2 = await sdkPlayer(t, sdk, 'player2', '1393000');
  b3 = await sdkPlayer(t, sdk, 'player3', '1394000');
});
// The books balance after every scenario.
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

let keys = 0;
const key = () => `auction-${++keys}-${randomBytes(3).toString('hex')}`;
const lastNotice = async (p: { token: string }) =>
  ((await app.call(noticeList, {}, { token: p.token })).data as { list: Notice[] }).list[0];
const listCoins = async (price: number) => {
  const lot = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum: 1_000, price },
    { token: seller.token },
  );
  expectCode(lot, '200');
  return (lot.data as { commodityId: string }).commodityId;
};
const create = (commodityId: string, o: { start?: number; increment?: number; hours?: number; buyNow?: number } = {}) =>
  app.call(
    auctionCreate,
    {
      commodityId,
      startPrice: o.start ?? 10_000,
      increment: o.increment ?? 500,
      hours: o.hours ?? 2,
      ...(o.buyNow ? { buyNowPrice: o.buyNow } : {}),
    },
    { token: seller.token },
  );
const auctionOn = async (price = 12_000, o: Parameters<typeof create>[1] = {}) => {
  const id = await listCoins(price);
  expectCode(await create(id, o), '200');
  return id;
};
const join = (p: Player, commodityId: string) =>
  sdk.call(h5sdkAuctionJoin, { ...p.pt, commodityId, agreement: true }, { token: p.token });
/** Pays a cashier bizNo (an order's id or a deposit's D…) through the sandbox alipay. */
const pay = async (p: Player, bizNo: string, amount: number) => {
  const started = await app.call(wapAlipay, { bizNo, totalAmount: amount, payPrice: amount }, { token: p.token });
  expectCode(started, '200');
  await t.app.inject({
    method: 'POST',
    url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
  });
};
/** The player's deposits refunded through the gateway (原路退回): [status, fen] each. */
const refundedDeposits = async (p: Player) =>
  (
    await t.db
      .selectFrom('refunds')
      .select(['status', 'amount_fen'])
      .where('purpose', '=', 'deposit')
      .where('user_id', '=', p.userId)
      .execute()
  ).map((r) => [r.status, Number(r.amount_fen)]);
const detail = async (commodityId: string, p?: Player) =>
  (await app.call(auctionDetail, { commodityId }, p ? { token: p.token } : {})).data as AuctionDetail;
const takePart = async (p: Player, commodityId: string) => {
  const joined = await join(p, commodityId);
  expectCode(joined, '200');
  const { bizNo, amount } = joined.data as { bizNo: string; amount: number };
  await pay(p, bizNo, amount);
  await expect.poll(async () => (await detail(commodityId, p)).me?.status).toBe(BargainStatus.AWAITING_SELLER);
  return { bizNo, amount };
};
const bid = (p: Player, commodityId: string, price: number, requestKey = key()) =>
  app.call(auctionBid, { commodityId, price, requestKey }, { token: p.token });
const moveEnd = (commodityId: string, inSeconds: number) =>
  t.app.inject({ method: 'POST', url: '/dev/auction/end', payload: { commodityId, inSeconds } });
const sweep = (aheadMinutes = 0) => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes } });
const endNow = async (commodityId: string) => {
  await moveEnd(commodityId, -1);
  await sweep();
};
const available = async (p: Player) => (await userBalances(t.db, p.userId)).available;
const listing = (id: string) =>
  t.db
    .selectFrom('commodities')
    .select(['status', 'price_fen', 'auction_enable'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
const auctionRow = (id: string) =>
  t.db
    .selectFrom('auctions')
    .selectAll()
    .where('commodity_id', '=', Number(id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const orderOf = (orderId: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', Number(orderId)).executeTakeFirstOrThrow();
const myBids = async (p: Player, tab: MyBid['tab']) =>
  ((await app.call(auctionMyBids, { tab }, { token: p.token })).data as { list: MyBid[] }).list;

describe('turning a listing into an auction', () => {
  it('checks the seller, the listing and the game’s rules; the listing then shows 拍卖 at the current price and cannot be bought outright', async () => {
    const id = await listCoins(12_000);
    expectCode(await create(id, { increment: 50 }), '10002', '加价幅度不能低于¥1.00');
    expectCode(await create(id, { hours: 0 }), '10002', '拍卖时长不正确');
    expectCode(await create(id, { hours: 73 }), '10002', '拍卖时长须在1至72小时之间');
    expectCode(await create(id, { buyNow: 10_000 }), '10002', '一口价须高于起拍价');
    expectCode(
      await app.call(
        auctionCreate,
        { commodityId: id, startPrice: 10_000, increment: 500, hours: 2 },
        { token: b1.token },
      ),
      '30001',
    );
    // A game that closed auctions: refused, and serverFunctionList says so.
    const game = seller.info.gameId;
    const rules = await t.db
      .selectFrom('games')
      .select('sell_rules')
      .where('application_id', '=', game)
      .executeTakeFirstOrThrow();
    const functions = async () =>
      (
        (await app.call(serverFunctionList, {}, { headers: { 'x-appid': game } })).data as {
          list: Array<{ code: string; enabled: boolean }>;
        }
      ).list;
    expect((await functions()).find((f) => f.code === 'auction')?.enabled).toBe(true);
    await t.db
      .updateTable('games')
      .set({ sell_rules: JSON.stringify({ ...rules.sell_rules, auctionOpen: false }) })
      .where('application_id', '=', game)
      .execute();
    try {
      expectCode(await create(id), '10002', '该游戏暂未开放拍卖');
      expect((await functions()).find((f) => f.code === 'auction')?.enabled).toBe(false);
    } finally {
      await t.db
        .updateTable('games')
        .set({ sell_rules: JSON.stringify(rules.sell_rules) })
        .where('application_id', '=', game)
        .execute();
    }
    expectCode(await create(id, { start: 10_000, buyNow: 30_000 }), '200');
    expectCode(await create(id), '10002', '该商品已在拍卖中');
    expect(await listing(id)).toMatchObject({ auction_enable: 1, price_fen: 10_000, status: ListingStatus.ON_SALE });
    const d = await detail(id);
    expect(d).toMatchObject({
      status: AuctionStatus.RUNNING,
      startPrice: 10_000,
      currentPrice: 10_000,
      nextMinPrice: 10_000,
      increment: 500,
      buyNowPrice: 30_000,
      bidCount: 0,
      depositAmount: depositFor(10_000, DEFAULT_SELL_RULES),
      me: null,
    });
    expect(d.endTime - d.startTime).toBe(2 * 3600);
    // No 立即购买 of an auction's listing at its shown price.
    expectCode(
      await sdk.call(
        h5sdkOrderPlace,
        { ...b1.pt, commodityId: id, requestKey: key(), agreement: true },
        { token: b1.token },
      ),
      '10002',
      '拍卖商品请参与竞拍',
    );
  });
});

describe('bidding and the end', () => {
  it('won and paid: bids checked, the leader’s order at the final price less his deposit; the loser’s deposit back; paid → 61', async () => {
    const id = await auctionOn(12_000, { start: 10_000, increment: 500 });
    // Without a deposit, or below the start, or by the seller: refused.
    expectCode(await bid(b1, id, 10_000), '10002', '请先缴纳保证金');
    expectCode(await bid(seller, id, 10_000), '10002', '不能竞拍自己的商品');
    expectCode(await join(seller, id), '40002');
    const joined = await join(b1, id);
    expect(joined.data).toMatchObject({ depositStatus: 'unpaid', amount: depositFor(10_000, DEFAULT_SELL_RULES) });
    expect((await detail(id, b1)).me).toMatchObject({ status: 1, statusLabel: '待支付保证金' });
    const before1 = await available(b1);
    const { amount: deposit } = await takePart(b1, id);
    expect(await available(b1)).toBe(before1);
    // The same join again answers the same, now held, deposit.
    expect((await join(b1, id)).data).toMatchObject({
      bizNo: (joined.data as { bizNo: string }).bizNo,
      depositStatus: 'held',
    });
    await takePart(b2, id);
    expectCode(await bid(b1, id, 9_900), '10002', '出价不能低于起拍价¥100.00');
    const same = key();
    expectCode(await bid(b1, id, 10_000, same), '200');
    // The same request again changes nothing.
    expect(((await bid(b1, id, 10_000, same)).data as AuctionDetail).bidCount).toBe(1);
    expectCode(await bid(b2, id, 10_000), '10002', '出价须不低于当前价加一次加价幅度（¥105.00）');
    expectCode(await bid(b2, id, 10_400), '10002', '出价须不低于当前价加一次加价幅度（¥105.00）');
    const after = (await bid(b2, id, 10_500)).data as AuctionDetail;
    expect(after).toMatchObject({ currentPrice: 10_500, nextMinPrice: 11_000, bidCount: 2 });
    expect(after.bids.map((b) => [b.price, b.bidder])).toEqual([
      [10_500, '我'],
      [10_000, '竞拍者1'],
    ]);
    // Each person one alias of his own in this auction, in the order they took part.
    expect((await detail(id, seller)).bids.map((b) => b.bidder)).toEqual(['竞拍者2', '竞拍者1']);
    expect((await detail(id)).bids.map((b) => b.bidder)).toEqual(['竞拍者2', '竞拍者1']);
    expect(await listing(id)).toMatchObject({ price_fen: 10_500 });
    expect((await myBids(b1, 'outbid')).map((b) => b.commodityId)).toContain(id);
    expect((await myBids(b2, 'bidding')).find((b) => b.commodityId === id)).toMatchObject({
      statusLabel: '竞拍中，当前领先',
      myPrice: 10_500,
    });
    expect((await detail(id, b1)).me).toMatchObject({ statusLabel: '已被超越', leading: false, myPrice: 10_000 });
    // The one outbid hears of it, with the way back to the auction.
    expect(await lastNotice(b1)).toMatchObject({
      kind: 'auctionOutbid',
      position: 2,
      extInfo: { commodityId: id },
    });

    await endNow(id);
    const won = await detail(id, b2);
    expect(won).toMatchObject({ status: AuctionStatus.AWAITING_PAYMENT, currentPrice: 10_500 });
    expect(won.me).toMatchObject({ status: 21, statusLabel: expect.stringContaining('已中标') });
    expect(await listing(id)).toMatchObject({ status: ListingStatus.SELLING });
    const order = await orderOf(won.me!.orderId!);
    expect(Number(order.price_fen)).toBe(10_500);
    expect(Number(order.deposit_fen)).toBe(deposit);
    expect(Number(order.total_fen)).toBe(10_500 + Number(order.buyer_fee_fen) - deposit);
    expect(order.expires_at!.getTime() - Date.now()).toBeGreaterThan(110 * 60_000);
    // The loser's deposit, paid through 支付宝, goes back that way (原路退回), not to his balance.
    expect((await detail(id, b1)).me).toMatchObject({
      status: 56,
      statusLabel: '未中标，保证金已退回',
      depositStatus: 'returned',
    });
    expect(await available(b1)).toBe(before1);
    expect(await refundedDeposits(b1)).toContainEqual(['succeeded', deposit]);
    expect(await lastNotice(b1)).toMatchObject({ kind: 'auctionLost', title: '竞拍未中标' });
    expect(await lastNotice(b2)).toMatchObject({ kind: 'auctionWon', extInfo: { commodityId: id } });
    expect((await myBids(b1, 'ended')).map((b) => b.commodityId)).toContain(id);
    expect((await myBids(b2, 'won')).map((b) => b.commodityId)).toContain(id);
    // Bidding after the end is refused.
    expectCode(await bid(b1, id, 20_000), '10002', '拍卖已结束');

    await pay(b2, String(order.id), Number(order.total_fen));
    await sweep();
    await expect.poll(async () => (await detail(id, b2)).me?.status).toBe(BargainStatus.COMPLETED);
    expect((await detail(id, b2)).me).toMatchObject({ depositStatus: 'applied' });
    expect((await auctionRow(id)).status).toBe(AuctionStatus.SOLD);
  });

  it('won and not paid: the order lapses, the deposit is forfeited (the seller’s share on his balance, the rest the platform’s), 57, the listing an ordinary one again', async () => {
    const id = await auctionOn(12_000, { start: 10_000, increment: 500 });
    const { amount: deposit } = await takePart(b1, id);
    expectCode(await bid(b1, id, 10_000), '200');
    await endNow(id);
    const me = (await detail(id, b1)).me!;
    expect(me.status).toBe(21);
    const sellerBefore = await available(seller);
    const feesBefore = (await balanceOf(t.db, Accounts.fees)).available;
    await sweep(121);
    expect((await orderOf(me.orderId!)).status).toBe(OrderStatus.PAYMENT_TIMEOUT);
    expect((await detail(id, b1)).me).toMatchObject({
      status: BargainStatus.BUYER_REFUSED_TO_PAY,
      statusLabel: '中标后未付款，保证金已扣除',
      depositStatus: 'forfeited',
    });
    const split = forfeitSplit(deposit, DEFAULT_SELL_RULES);
    expect(await available(seller)).toBe(sellerBefore + split.seller);
    expect((await balanceOf(t.db, Accounts.fees)).available - feesBefore).toBe(split.platform);
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.UNSOLD, note: '中标者付款超时，已流拍' });
    // No second chance: an ordinary listing again at its old price.
    expect(await listing(id)).toMatchObject({ auction_enable: 0, price_fen: 12_000, status: ListingStatus.ON_SALE });
  });

  it('won and cancelled by the winner: 57 the same', async () => {
    const id = await auctionOn(12_000, { start: 10_000, increment: 500 });
    await takePart(b3, id);
    expectCode(await bid(b3, id, 10_000), '200');
    await endNow(id);
    const me = (await detail(id, b3)).me!;
    expectCode(await app.call(cancelOrder, { orderId: me.orderId! }, { token: b3.token }), '200');
    await sweep();
    expect((await detail(id, b3)).me).toMatchObject({ status: 57, depositStatus: 'forfeited' });
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.UNSOLD, note: '中标者取消订单，已流拍' });
  });

  it('no bids: ends unsold, held deposits go back (56), unpaid ones close (55), the listing returns to its price', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    const before = await available(b1);
    const { amount } = await takePart(b1, id);
    expectCode(await join(b2, id), '200');
    await endNow(id);
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.UNSOLD, note: '无人出价，已流拍' });
    expect((await detail(id, b1)).me).toMatchObject({ status: 56, depositStatus: 'returned' });
    expect((await detail(id, b2)).me).toMatchObject({ status: 55, depositStatus: 'lapsed' });
    expect(await available(b1)).toBe(before);
    expect(await refundedDeposits(b1)).toContainEqual(['succeeded', amount]);
    expect(await listing(id)).toMatchObject({ auction_enable: 0, price_fen: 12_000, status: ListingStatus.ON_SALE });
    // A non-auction listing.
    expectCode(await bid(b1, id, 20_000), '10002', '拍卖已结束');
    const plain = await listCoins(5_000);
    expectCode(await bid(b1, plain, 5_000), '10002', '该商品不是拍卖商品');
    expectCode(await join(b1, plain), '10002', '该商品不是拍卖商品');
  });

  it('a deposit paid after the end is not kept: the money stays on the balance', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    const joined = (await join(b1, id)).data as { bizNo: string; amount: number };
    const started = await app.call(
      wapAlipay,
      { bizNo: joined.bizNo, totalAmount: joined.amount, payPrice: joined.amount },
      { token: b1.token },
    );
    await endNow(id);
    const before = await available(b1);
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    expect(await available(b1)).toBe(before + joined.amount);
    expect((await detail(id, b1)).me?.status).toBe(55);
  });

  it('once somebody bid, the seller cannot delist the auction: refused, nothing changes, it runs to its end', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    await takePart(b1, id);
    expectCode(await bid(b1, id, 10_000), '200');
    expectCode(
      await app.call(downShelf, { commodityId: id }, { token: seller.token }),
      '10002',
      '拍卖已有人出价，不能下架，请等待拍卖结束',
    );
    await sweep();
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.RUNNING, bid_count: 1 });
    expect(await listing(id)).toMatchObject({ auction_enable: 1, status: ListingStatus.ON_SALE });
    expect((await detail(id, b1)).me).toMatchObject({ status: BargainStatus.AWAITING_SELLER, depositStatus: 'held' });
    expectCode(await bid(b1, id, 10_500), '200');
    await endNow(id);
  });

  it('the seller delists the listing before any bid: the auction is cancelled, every deposit goes back, the listing keeps its old price', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    const before = await available(b1);
    const { amount } = await takePart(b1, id);
    expectCode(await app.call(downShelf, { commodityId: id }, { token: seller.token }), '200');
    await sweep();
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.CANCELLED, note: '商品已下架，拍卖已取消' });
    expect((await detail(id, b1)).me).toMatchObject({ status: 56, depositStatus: 'returned' });
    expect(await available(b1)).toBe(before);
    expect(await refundedDeposits(b1)).toContainEqual(['succeeded', amount]);
    expect(await listing(id)).toMatchObject({ auction_enable: 0, price_fen: 12_000, status: ListingStatus.DELISTED });
    expectCode(await bid(b1, id, 10_500), '10002', '拍卖已结束');
  });

  it('anti-sniping: a bid in the last 5 minutes moves the end 5 minutes later; one earlier does not', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    await takePart(b1, id);
    const end0 = (await detail(id)).endTime;
    expectCode(await bid(b1, id, 10_000), '200');
    expect((await detail(id)).endTime).toBe(end0);
    await moveEnd(id, 120);
    const end1 = (await detail(id)).endTime;
    expectCode(await bid(b1, id, 10_500), '200');
    expect((await detail(id)).endTime).toBe(end1 + 300);
    await endNow(id);
  });

  it('buy it now: the buyer wins at once at the buy-it-now price; the other deposits go back', async () => {
    const id = await auctionOn(12_000, { start: 10_000, buyNow: 20_000 });
    await takePart(b1, id);
    await takePart(b2, id);
    expectCode(await bid(b1, id, 10_000), '200');
    expectCode(await bid(b1, id, 20_000), '10002', '出价已达一口价，请直接一口价购买');
    expectCode(
      await app.call(auctionBuyNow, { commodityId: id, requestKey: key() }, { token: b3.token }),
      '10002',
      '请先缴纳保证金',
    );
    const bought = await app.call(auctionBuyNow, { commodityId: id, requestKey: key() }, { token: b2.token });
    expectCode(bought, '200');
    const order = await orderOf((bought.data as { orderId: string }).orderId);
    expect(Number(order.price_fen)).toBe(20_000);
    expect((await detail(id, b2)).me).toMatchObject({ status: 21 });
    expect((await detail(id, b1)).me).toMatchObject({ status: 56, depositStatus: 'returned' });
    expect(await auctionRow(id)).toMatchObject({ status: AuctionStatus.AWAITING_PAYMENT });
    expectCode(await bid(b1, id, 10_500), '10002', '拍卖已结束');
    await pay(b2, String(order.id), Number(order.total_fen));
    await sweep();
    await expect.poll(async () => (await auctionRow(id)).status).toBe(AuctionStatus.SOLD);
  });
});

describe(`races (${testDb})`, () => {
  const ok = (r: Envelope) => r.code === '200';

  it('two bids at once at the same price: exactly one wins, and only it is recorded', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    await takePart(b1, id);
    await takePart(b2, id);
    for (const price of [10_000, 10_500, 11_000]) {
      const answers = await Promise.all([bid(b1, id, price), bid(b2, id, price)]);
      expect(answers.filter(ok)).toHaveLength(1);
      const rows = await t.db
        .selectFrom('auction_bids')
        .selectAll()
        .where('auction_id', '=', (await auctionRow(id)).id)
        .where('price_fen', '=', price)
        .execute();
      expect(rows).toHaveLength(1);
    }
    expect((await auctionRow(id)).bid_count).toBe(3);
    await endNow(id);
  });

  it('N concurrent increasing bids: each accepted bid is recorded and the final price is the highest accepted', async () => {
    const id = await auctionOn(12_000, { start: 10_000, increment: 100 });
    const bidders = [b1, b2, b3];
    for (const p of bidders) await takePart(p, id);
    const tries = bidders.flatMap((p, i) => [0, 1, 2, 3, 4].map((k) => ({ p, price: 10_000 + (k * 3 + i) * 100 })));
    const answers = await Promise.all(tries.map(({ p, price }) => bid(p, id, price)));
    const accepted = tries.filter((_, i) => ok(answers[i] as Envelope));
    expect(accepted.length).toBeGreaterThan(0);
    const a = await auctionRow(id);
    const rows = await t.db.selectFrom('auction_bids').selectAll().where('auction_id', '=', a.id).execute();
    expect(rows.map((r) => Number(r.price_fen)).sort()).toEqual(accepted.map((x) => x.price).sort());
    expect(a.bid_count).toBe(accepted.length);
    const best = Math.max(...accepted.map((x) => x.price));
    expect(Number(a.current_price_fen)).toBe(best);
    expect(a.leader_user_id).toBe(accepted.find((x) => x.price === best)!.p.userId);
    // Prices only rise, each by the increment at least.
    const ordered = rows.sort((x, y) => x.id - y.id).map((r) => Number(r.price_fen));
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]! - ordered[i - 1]!).toBeGreaterThanOrEqual(100);
    await endNow(id);
    expect((await auctionRow(id)).winner_user_id).toBe(a.leader_user_id);
  });

  it('a bid racing the end: either it is in and wins, or it is refused and the earlier leader wins', async () => {
    const id = await auctionOn(12_000, { start: 10_000 });
    await takePart(b1, id);
    await takePart(b2, id);
    expectCode(await bid(b1, id, 10_000), '200');
    await moveEnd(id, 1);
    // The sweeper's clock a minute ahead: the auction is over for it, not yet for the bid.
    const [late] = await Promise.all([bid(b2, id, 10_500), sweep(1)]);
    await endNow(id);
    const a = await auctionRow(id);
    expect(a.status).toBe(AuctionStatus.AWAITING_PAYMENT);
    const order = await orderOf(String(a.order_id));
    if (ok(late)) {
      expect(a.winner_user_id).toBe(b2.userId);
      expect(Number(order.price_fen)).toBe(10_500);
    } else {
      expect(a.winner_user_id).toBe(b1.userId);
      expect(Number(order.price_fen)).toBe(10_000);
      expect(
        await t.db
          .selectFrom('auction_bids')
          .select('id')
          .where('auction_id', '=', a.id)
          .where('price_fen', '=', 10_500)
          .execute(),
      ).toHaveLength(0);
    }
    const loser = ok(late) ? b1 : b2;
    expect((await detail(id, loser)).me).toMatchObject({ status: 56, depositStatus: 'returned' });
  });
});
