import {
  bargainSetting,
  bargainSettingDetail,
  createOfferOrder,
  h5sdkBargainList,
  h5sdkCreateOfferOrder,
  h5sdkPreSaleRefuse,
  type Offer,
  offerAgree,
  offerBuyerCancel,
  offerDetail,
  offerList,
  offerRefuse,
  sellerBoundText,
} from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { depositDetail } from '@app/protocol/calls/deposit';
import { cancelOrder, orderInfo } from '@app/protocol/calls/orders';
import { balancePay, wapAlipay } from '@app/protocol/calls/pay';
import { bindUserByPreBuyKey, createPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOffers } from '../src/modules/bargain/offer-moves';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expireUnpaidOrders } from '../src/modules/orders/order.service';
import { checkRefundsInTransit } from '../src/modules/payments/refunds';
import { expectCode, loginAs, sdkPlayer, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';

let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1381000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1382000');
});

const deps = () => ({ db: t.db, gateway: t.app.gateway });
let keys = 0;
/** A coin lot of the seller's; bargaining allowed unless told otherwise. */
const listCoins = async (price: number, coinNum = 10_000, allow = true) => {
  // The game counts a role online for 30 s after its last heartbeat: on a loaded machine this file outlasts that.
  const beat = await t.app.inject({
    method: 'POST',
    url: '/demo-game/api/heartbeat',
    headers: { 'x-game-token': seller.pt.gameToken },
  });
  expect(beat.json()).toEqual({ ok: true, data: true });
  const lot = await sdk.call(publishCoin, { ...seller.pt, coinType: 2, coinNum, price }, { token: seller.token });
  expectCode(lot, '200');
  const commodityId = (lot.data as { commodityId: string }).commodityId;
  if (allow)
    expectCode(
      await app.call(bargainSetting, { commodityId, allowBargain: true, floorPrice: null }, { token: seller.token }),
      '200',
    );
  return commodityId;
};
const propose = (commodityId: string, price: number, requestKey = `offer-key-${++keys}`) =>
  sdk.call(
    h5sdkCreateOfferOrder,
    { ...buyer.pt, commodityId, price, requestKey, agreement: true },
    { token: buyer.token },
  );
const detail = async (offerId: string, token = buyer.token) =>
  (await app.call(offerDetail, { offerId }, { token })).data as Offer;
const listingStatus = async (id: string) =>
  (await t.db.selectFrom('commodities').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;
const balance = (userId: number) => balanceOf(t.db, Accounts.userAvailable(userId));
const fees = async () => (await balanceOf(t.db, Accounts.fees)).posted;
/** Pays a deposit (or an order) through the sandbox's alipay; answers the trade. */
const payThroughGateway = async (bizNo: string, amount: number) => {
  const started = await app.call(wapAlipay, { bizNo, totalAmount: amount, payPrice: amount }, { token: buyer.token });
  expectCode(started, '200');
  const { tradeNo } = started.data as { tradeNo: string };
  await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
  return tradeNo;
};
/** A proposal whose deposit is paid through a gateway: it waits for the seller (11). */
const sentProposal = async (commodityId: string, price: number) => {
  const made = await propose(commodityId, price);
  expectCode(made, '200');
  const o = made.data as Offer;
  await payThroughGateway(o.deposit!.bizNo, o.deposit!.amount);
  return detail(o.offerId);
};
const orderOf = async (orderId: string, token = buyer.token) =>
  (await app.call(orderInfo, { orderId }, { token })).data as {
    price: number;
    totalAmount: number;
    depositAmount: number;
    status: number;
  };

/** Every row a proposal's refusal could move (the listing, the proposal, its order and deposit) and the ledger, as they are now. */
const everything = async (commodityId: string, offerId: string, orderId: string) => ({
  listing: await t.db.selectFrom('commodities').selectAll().where('id', '=', Number(commodityId)).executeTakeFirst(),
  offer: await t.db.selectFrom('offers').selectAll().where('id', '=', Number(offerId)).executeTakeFirst(),
  order: await t.db.selectFrom('orders').selectAll().where('id', '=', Number(orderId)).executeTakeFirst(),
  deposits: await t.db.selectFrom('deposits').selectAll().where('order_id', '=', Number(orderId)).execute(),
  buyer: await balance(buyer.userId),
  seller: await balance(seller.userId),
  transfers: (
    await t.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
  )?.n,
  notices: (
    await t.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
  )?.n,
});

describe('还价 with a deposit', () => {
  it('checks the listing, the price and the buyer; the proposal waits for its deposit, seen by the buyer only', async () => {
    const closed = await listCoins(10_000, 10_000, false);
    expectCode(await propose(closed, 8_000), '10002', '该商品不支持还价');
    const id = await listCoins(10_000);
    expectCode(await propose(id, 10_000), '10002', '还价须低于商品售价');
    expectCode(await propose(id, 4_999), '10002', '还价不能低于售价的50%（¥50.00）');
    expectCode(
      await sdk.call(
        h5sdkCreateOfferOrder,
        { ...seller.pt, commodityId: id, price: 8_000, requestKey: 'own-offer-1', agreement: true },
        { token: seller.token },
      ),
      '40002',
    );
    const stranger = await loginAs(t, '13799990001');
    expectCode(
      await app.call(
        createOfferOrder,
        { commodityId: id, price: 8_000, requestKey: 'stranger-1', agreement: true },
        { token: stranger.token },
      ),
      '10002',
      '请先完成实名认证',
    );
    const made = await propose(id, 8_000, 'offer-same-key');
    expectCode(made, '200');
    const o = made.data as Offer;
    // 5 % of ¥80 is ¥4, below the ¥10 floor of a deposit.
    expect(o).toMatchObject({ flow: 'bargain', status: 1, statusLabel: '待支付保证金', price: 8_000 });
    expect(o.deposit).toMatchObject({ amount: 1_000, status: 'unpaid', purpose: 'bargain' });
    expect(o.deposit!.bizNo).toMatch(/^D\d+$/);
    expect(o.deadline).toBeLessThanOrEqual(Date.now() / 1000 + 15 * 60 + 1);
    expect(((await propose(id, 8_000, 'offer-same-key')).data as Offer).offerId).toBe(o.offerId);
    expectCode(await propose(id, 9_000), '10002', '您已对该商品还价，请在还价记录中查看进度');
    // The seller does not hear of it before its deposit is paid; a stranger never.
    expectCode(await app.call(offerDetail, { offerId: o.offerId }, { token: seller.token }), '10002', '出价不存在');
    const received = async () =>
      ((await app.call(offerList, { viewer: 2 }, { token: seller.token })).data as { list: Offer[] }).list.map(
        (x) => x.offerId,
      );
    expect(await received()).not.toContain(o.offerId);
    expectCode(await app.call(offerDetail, { offerId: o.offerId }, { token: stranger.token }), '10002', '出价不存在');
    expectCode(
      await app.call(depositDetail, { bizNo: o.deposit!.bizNo }, { token: stranger.token }),
      '10002',
      '保证金不存在',
    );
    expectCode(await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token }), '10002');

    // Paid through a gateway: the money enters the buyer's balance and is held there.
    await payThroughGateway(o.deposit!.bizNo, 1_000);
    const sent = await detail(o.offerId);
    expect(sent).toMatchObject({ status: 11, statusLabel: '还价中，等待卖家回应' });
    expect(sent.deposit).toMatchObject({ status: 'held', statusLabel: '已冻结' });
    expect(sent.deadline).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(await balance(buyer.userId)).toMatchObject({ posted: 1_000, reserved: 1_000, available: 0 });
    expect(await received()).toContain(o.offerId);
    expect(await detail(o.offerId, seller.token)).toMatchObject({
      viewer: 2,
      statusLabel: '买家还价，请在倒计时内处理',
    });
    // The seller sees the deposit, never a way to pay it.
    expect((await detail(o.offerId, seller.token)).deposit).toMatchObject({ amount: 1_000, bizNo: '' });
    expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);

    // The buyer withdraws: the deposit a gateway paid goes back that way (原路退回), not to the balance.
    expectCode(await app.call(offerBuyerCancel, { offerId: o.offerId }, { token: seller.token }), '10002');
    expect((await app.call(offerBuyerCancel, { offerId: o.offerId }, { token: buyer.token })).data).toMatchObject({
      status: 51,
      statusLabel: '您已取消还价，保证金已退回',
    });
    expect(await balance(buyer.userId)).toMatchObject({ posted: 0, reserved: 0, available: 0 });
    const depositRefunds = () =>
      t.db
        .selectFrom('refunds')
        .select(['ref', 'status', 'amount_fen'])
        .where('purpose', '=', 'deposit')
        .where('user_id', '=', buyer.userId)
        .execute();
    expect((await depositRefunds()).map((r) => [r.ref, r.status, Number(r.amount_fen)])).toEqual([
      [Number(o.deposit!.bizNo.slice(1)), 'succeeded', 1_000],
    ]);

    // A new one paid from the balance (topped up); the seller refuses it and the deposit goes back there.
    await transfer(t.db, {
      key: `offers-topup-${Date.now()}`,
      debit: Accounts.gateway('test-topup'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: 1_000,
      code: 'topup',
    });
    const again = (await propose(id, 7_000)).data as Offer;
    expectCode(
      await app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: again.deposit!.bizNo, totalAmount: 1_000, balancePrice: 1_000 },
        { token: buyer.token },
      ),
      '200',
    );
    expect(await detail(again.offerId)).toMatchObject({ status: 11 });
    expect(await balance(buyer.userId)).toMatchObject({ reserved: 1_000, available: 0 });
    expect(
      (
        await sdk.call(
          h5sdkPreSaleRefuse,
          { ...seller.pt, offerId: again.offerId, reason: '价格太低' },
          { token: seller.token },
        )
      ).data,
    ).toMatchObject({ status: 53, statusLabel: '您已拒绝', note: '卖家：价格太低' });
    expect(await detail(again.offerId)).toMatchObject({
      statusLabel: '卖家已拒绝，保证金已退回',
      deposit: { status: 'returned' },
    });
    expect(await balance(buyer.userId)).toMatchObject({ reserved: 0, available: 1_000 });
    // Paid from the balance: nothing goes through a gateway.
    expect(await depositRefunds()).toHaveLength(1);
    expect([...(await checkLedger(t.db)), ...(await checkRefundsInTransit(t.db))]).toEqual([]);
  });

  it('agreed and paid: the order is the price less the deposit, the deposit is applied, the books balance', async () => {
    const id = await listCoins(40_000, 20_000);
    const o = await sentProposal(id, 30_000);
    // 5 % of ¥300.
    expect(o.deposit!.amount).toBe(1_500);
    const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
    expect(agreed).toMatchObject({ status: 21, statusLabel: '已同意，等待买家付款' });
    expect(agreed.deadline).toBeGreaterThan(Date.now() / 1000 + 110 * 60);
    expect(await listingStatus(id)).toBe(ListingStatus.SELLING);
    const order = await orderOf(agreed.orderId!);
    expect(order).toMatchObject({ price: 30_000, depositAmount: 1_500, status: 1 });
    const buyerFee = order.totalAmount + 1_500 - 30_000;
    expect(buyerFee).toBeGreaterThanOrEqual(0);
    const sellerView = (await app.call(orderInfo, { orderId: agreed.orderId! }, { token: seller.token })).data as {
      sellerFee: number;
      sellerReceive: number;
    };
    expect(sellerView.sellerFee + sellerView.sellerReceive).toBe(30_000);
    expectCode(
      await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token }),
      '10002',
      '出价已处理或已失效',
    );
    const before = await balance(buyer.userId);
    await payThroughGateway(agreed.orderId!, order.totalAmount);
    expect(await detail(o.offerId)).toMatchObject({
      status: 61,
      statusLabel: '交易完成',
      deadline: null,
      deposit: { status: 'applied', statusLabel: '已抵扣货款' },
    });
    // The held deposit left his balance for the escrow: it paid part of the price.
    expect(await balance(buyer.userId)).toMatchObject({
      posted: before.posted - 1_500,
      reserved: before.reserved - 1_500,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('agreed and not paid: the deposit is forfeited, 80 % to the seller at once, the rest to the platform', async () => {
    const id = await listCoins(30_000, 30_000);
    const o = await sentProposal(id, 20_000);
    expect(o.deposit!.amount).toBe(1_000);
    const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
    const sellerBefore = await balance(seller.userId);
    const feesBefore = await fees();
    expect(await expireUnpaidOrders(deps(), Date.now() + 60 * 60_000)).toBe(0);
    expect(await expireUnpaidOrders(deps(), Date.now() + 121 * 60_000)).toBe(1);
    expect(await sweepOffers(deps())).toMatchObject({ followed: 1 });
    expect(await detail(agreed.offerId)).toMatchObject({
      status: 31,
      statusLabel: '付款超时，保证金已扣除',
      deposit: { status: 'forfeited' },
    });
    expect(await detail(agreed.offerId, seller.token)).toMatchObject({
      statusLabel: '买家付款超时，您已获得保证金赔付',
      deposit: { status: 'forfeited', compensation: 800 },
    });
    expect((await balance(seller.userId)).available - sellerBefore.available).toBe(800);
    expect((await fees()) - feesBefore).toBe(200);
    expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('agreed: the seller is bound, his 取消成交 is refused and changes nothing; the buyer still cancels (32, forfeited)', async () => {
    const id = await listCoins(30_000, 30_000);
    const o = await sentProposal(id, 25_000);
    const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
    expect(agreed).toMatchObject({ status: 21 });
    const before = await everything(id, o.offerId, agreed.orderId!);
    // Only the seller answers; the seller, on the app or in the game, is told he is bound.
    expectCode(
      await app.call(offerRefuse, { offerId: o.offerId }, { token: buyer.token }),
      '10002',
      '只有卖家可以处理出价',
    );
    expectCode(
      await app.call(offerRefuse, { offerId: o.offerId, reason: '不卖了' }, { token: seller.token }),
      '10002',
      sellerBoundText('还价'),
    );
    expect(sellerBoundText('还价')).toBe(
      '您已同意该还价，买家付款期限内不能取消；买家超时未付款，订单将自动关闭，保证金部分赔付给您',
    );
    expectCode(
      await sdk.call(h5sdkPreSaleRefuse, { ...seller.pt, offerId: o.offerId }, { token: seller.token }),
      '10002',
      sellerBoundText('还价'),
    );
    // No status, no money, no stock moved: every row and the ledger as they were.
    expect(await everything(id, o.offerId, agreed.orderId!)).toEqual(before);
    expect(await detail(o.offerId, seller.token)).toMatchObject({ status: 21, statusLabel: '已同意，等待买家付款' });

    // The buyer may still walk away himself: his deposit is forfeited, part of it to the seller.
    expectCode(await app.call(cancelOrder, { orderId: agreed.orderId! }, { token: buyer.token }), '200');
    await sweepOffers(deps());
    expect(await detail(o.offerId)).toMatchObject({ status: 32, deposit: { status: 'forfeited' } });
    expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);
    // Ended by the buyer: the seller's refusal now finds nothing to answer.
    expectCode(
      await app.call(offerRefuse, { offerId: o.offerId }, { token: seller.token }),
      '10002',
      '出价已处理或已失效',
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('the hidden floor refuses at once when the deposit arrives (54), and only then', async () => {
    const id = await listCoins(20_000);
    expectCode(
      await app.call(
        bargainSetting,
        { commodityId: id, allowBargain: true, floorPrice: 20_000 },
        { token: seller.token },
      ),
      '10002',
      '底价须低于商品售价',
    );
    expectCode(
      await app.call(
        bargainSetting,
        { commodityId: id, allowBargain: true, floorPrice: 18_000 },
        { token: buyer.token },
      ),
      '30001',
    );
    expectCode(
      await app.call(
        bargainSetting,
        { commodityId: id, allowBargain: true, floorPrice: 18_000 },
        { token: seller.token },
      ),
      '200',
    );
    expect((await app.call(bargainSettingDetail, { commodityId: id }, { token: seller.token })).data).toEqual({
      commodityId: id,
      allowBargain: true,
      floorPrice: 18_000,
    });
    const low = await propose(id, 15_000);
    // Nothing tells the buyer of the floor before he pays the deposit.
    expect((low.data as Offer).status).toBe(1);
    const available = (await balance(buyer.userId)).available;
    await payThroughGateway((low.data as Offer).deposit!.bizNo, 1_000);
    expect(await detail((low.data as Offer).offerId)).toMatchObject({
      status: 54,
      statusLabel: '低于卖家底价，已自动拒绝，保证金已退回',
      deposit: { status: 'returned' },
    });
    expect((await balance(buyer.userId)).available).toBe(available + 1_000);
    const high = await sentProposal(id, 18_000);
    expect(high.status).toBe(11);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('deadlines: an unpaid deposit closes it (55) and a late payment stays on the balance; no answer or the listing gone returns it (56)', async () => {
    const id = await listCoins(20_000);
    const unpaid = (await propose(id, 15_000)).data as Offer;
    // The cashier is opened before the deadline, paid after the proposal closed.
    const started = await app.call(
      wapAlipay,
      { bizNo: unpaid.deposit!.bizNo, totalAmount: 1_000, payPrice: 1_000 },
      { token: buyer.token },
    );
    await sweepOffers(deps(), Date.now() + 14 * 60_000);
    expect(await detail(unpaid.offerId)).toMatchObject({ status: 1 });
    await sweepOffers(deps(), Date.now() + 16 * 60_000);
    expect(await detail(unpaid.offerId)).toMatchObject({
      status: 55,
      statusLabel: '保证金未支付，还价已关闭',
      deposit: { status: 'lapsed' },
    });
    const available = (await balance(buyer.userId)).available;
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(started.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    expect(await detail(unpaid.offerId)).toMatchObject({ status: 55 });
    expect((await balance(buyer.userId)).available).toBe(available + 1_000);
    expectCode(
      await app.call(
        wapAlipay,
        { bizNo: unpaid.deposit!.bizNo, totalAmount: 1_000, payPrice: 1_000 },
        { token: buyer.token },
      ),
      '10002',
      '保证金已支付或已关闭',
    );

    const unanswered = await sentProposal(id, 15_000);
    await sweepOffers(deps(), Date.now() + 23 * 3_600_000);
    expect(await detail(unanswered.offerId)).toMatchObject({ status: 11 });
    await sweepOffers(deps(), Date.now() + 25 * 3_600_000);
    expect(await detail(unanswered.offerId)).toMatchObject({
      status: 56,
      note: '卖家未在24小时内回应',
      deposit: { status: 'returned' },
    });

    const sold = await sentProposal(id, 16_000);
    await t.db
      .updateTable('commodities')
      .set({ status: ListingStatus.DELISTED })
      .where('id', '=', Number(id))
      .execute();
    await sweepOffers(deps());
    expect(await detail(sold.offerId)).toMatchObject({ status: 56, note: '商品已售出、已下架或已转为拍卖' });
    // A listing turned into an auction is bid on: its proposals end, and cannot be agreed meanwhile.
    const other = await listCoins(20_000);
    const waiting = await sentProposal(other, 16_000);
    await t.db.updateTable('commodities').set({ auction_enable: 1 }).where('id', '=', Number(other)).execute();
    expectCode(
      await app.call(offerAgree, { offerId: waiting.offerId }, { token: seller.token }),
      '10002',
      '商品已转为拍卖，无法同意还价',
    );
    await sweepOffers(deps());
    expect(await detail(waiting.offerId)).toMatchObject({ status: 56, deposit: { status: 'returned' } });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('races: agree against withdraw, and a deposit payment against a withdrawal — exactly one wins, the money follows', async () => {
    const id = await listCoins(40_000, 40_000);
    for (let i = 0; i < 3; i++) {
      const racing = await sentProposal(id, 30_000 + i * 100);
      const [agree, cancel] = await Promise.all([
        app.call(offerAgree, { offerId: racing.offerId }, { token: seller.token }),
        app.call(offerBuyerCancel, { offerId: racing.offerId }, { token: buyer.token }),
      ]);
      expect([agree.code, cancel.code].filter((c) => c === '200')).toHaveLength(1);
      const now = await detail(racing.offerId);
      const orders = await t.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('request_key', '=', `offer-${racing.offerId}`)
        .execute();
      if (agree.code === '200') {
        expect(now).toMatchObject({ status: 21, deposit: { status: 'held' } });
        expect(orders).toHaveLength(1);
        expect(await listingStatus(id)).toBe(ListingStatus.SELLING);
        // The seller is bound now; the buyer gives it up (his deposit forfeited) and the lot is on sale again.
        expectCode(await app.call(cancelOrder, { orderId: now.orderId! }, { token: buyer.token }), '200');
        await sweepOffers(deps());
      } else {
        expect(now).toMatchObject({ status: 51, deposit: { status: 'returned' } });
        expect(orders).toHaveLength(0);
      }
      expect(await listingStatus(id)).toBe(ListingStatus.ON_SALE);
    }
    for (let i = 0; i < 3; i++) {
      const made = await propose(id, 31_000 + i * 100);
      expectCode(made, '200');
      const o = made.data as Offer;
      const started = await app.call(
        wapAlipay,
        { bizNo: o.deposit!.bizNo, totalAmount: o.deposit!.amount, payPrice: o.deposit!.amount },
        { token: buyer.token },
      );
      expectCode(started, '200');
      const { tradeNo } = started.data as { tradeNo: string };
      const available = (await balance(buyer.userId)).available;
      const [, cancel] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` }),
        app.call(offerBuyerCancel, { offerId: o.offerId }, { token: buyer.token }),
      ]);
      expectCode(cancel, '200');
      // Whichever came first, the proposal is withdrawn and the payment is free on the balance.
      expect(await detail(o.offerId)).toMatchObject({ status: 51 });
      expect((await balance(buyer.userId)).available).toBe(available + o.deposit!.amount);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
  it(`races on ${testDb}: the seller's 取消成交 against the buyer's payment — the payment wins each time, the refusal changes nothing, the books balance`, async () => {
    for (let i = 0; i < 3; i++) {
      // A paid lot is sold: each round its own.
      const id = await listCoins(40_000, 10_000);
      const o = await sentProposal(id, 32_000 + i * 100);
      const agreed = (await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token })).data as Offer;
      const order = await orderOf(agreed.orderId!);
      const sellerBefore = await balance(seller.userId);
      const started = await app.call(
        wapAlipay,
        { bizNo: agreed.orderId!, totalAmount: order.totalAmount, payPrice: order.totalAmount },
        { token: buyer.token },
      );
      expectCode(started, '200');
      const { tradeNo } = started.data as { tradeNo: string };
      const [paid, refused] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` }),
        app.call(offerRefuse, { offerId: o.offerId }, { token: seller.token }),
      ]);
      expect(paid.statusCode).toBe(200);
      // Before the payment: he is bound; after it: there is nothing left to answer.
      expectCode(refused, '10002');
      expect([sellerBoundText('还价'), '出价已处理或已失效']).toContain(refused.msg);
      expect(await orderOf(agreed.orderId!)).toMatchObject({ depositAmount: o.deposit!.amount });
      expect([OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED, OrderStatus.PAYMENT_TIMEOUT]).not.toContain(
        (await orderOf(agreed.orderId!)).status,
      );
      expect(await detail(o.offerId)).toMatchObject({ status: 61, deposit: { status: 'applied' } });
      // The seller got no deposit back to anyone and no compensation: his money waits for the delivery.
      expect((await balance(seller.userId)).available).toBe(sellerBefore.available);
      expect(await checkLedger(t.db)).toEqual([]);
    }
  });
});

describe('出价 on a pre-sale', () => {
  it('speaks of 出价 and lapses to 41 with the deposit forfeited; the SDK lists it', async () => {
    const id = await listCoins(30_000, 30_000, false);
    // A pre-sale: 出价 needs no bargain setting.
    await t.db.updateTable('commodities').set({ sale_type: 1 }).where('id', '=', Number(id)).execute();
    const o = await sentProposal(id, 20_000);
    expect(o).toMatchObject({ flow: 'offer', status: 11, statusLabel: '出价中，等待卖家回应' });
    expectCode(
      await app.call(
        bargainSetting,
        { commodityId: id, allowBargain: true, floorPrice: null },
        { token: seller.token },
      ),
      '10002',
      '预售和拍卖商品不支持设置还价',
    );
    const made = (await sdk.call(h5sdkBargainList, { ...buyer.pt, viewer: 1 }, { token: buyer.token })).data as {
      list: Offer[];
    };
    expect(made.list[0]).toMatchObject({ offerId: o.offerId, flow: 'offer' });
    await app.call(offerAgree, { offerId: o.offerId }, { token: seller.token });
    // Bound by his agreement, in the words of 出价.
    expectCode(
      await sdk.call(h5sdkPreSaleRefuse, { ...seller.pt, offerId: o.offerId }, { token: seller.token }),
      '10002',
      '您已同意该出价，买家付款期限内不能取消；买家超时未付款，订单将自动关闭，保证金部分赔付给您',
    );
    await expireUnpaidOrders(deps(), Date.now() + 121 * 60_000);
    await sweepOffers(deps());
    expect(await detail(o.offerId)).toMatchObject({ status: 41, statusLabel: '付款超时，保证金已扣除' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('预购码: the pre-sale seller makes a key, one buyer binds himself with it, then only he may 出价', async () => {
    const id = await listCoins(30_000, 30_000, false);
    const normal = await listCoins(30_000, 30_000, false);
    await t.db.updateTable('commodities').set({ sale_type: 1 }).where('id', '=', Number(id)).execute();
    expectCode(
      await app.call(createPreBuyKey, { commodityId: normal }, { token: seller.token }),
      '10002',
      '只有预售商品可以生成预购码',
    );
    expectCode(await app.call(createPreBuyKey, { commodityId: id }, { token: buyer.token }), '30001');
    const first = (await app.call(createPreBuyKey, { commodityId: id }, { token: seller.token })).data as {
      preBuyKey: string;
    };
    const made = (await app.call(createPreBuyKey, { commodityId: id }, { token: seller.token })).data as {
      preBuyKey: string;
    };
    expect(made.preBuyKey).toMatch(/^[A-Z2-9]{8}$/);
    // A new key ends the unused one before it; a wrong key and the seller himself are refused.
    expectCode(
      await app.call(bindUserByPreBuyKey, { preBuyKey: first.preBuyKey }, { token: buyer.token }),
      '10002',
      '预购码已过期，请向卖家重新获取',
    );
    expectCode(
      await app.call(bindUserByPreBuyKey, { preBuyKey: 'ABCDEFGH' }, { token: buyer.token }),
      '10002',
      '预购码不存在，请向卖家确认',
    );
    expectCode(await app.call(bindUserByPreBuyKey, { preBuyKey: made.preBuyKey }, { token: seller.token }), '40002');
    expectCode(
      await app.call(bindUserByPreBuyKey, { preBuyKey: 'abc' }, { token: buyer.token }),
      '10002',
      '预购码为8位字母或数字',
    );
    // Typed in lower case it still binds; again by him answers the same listing; another buyer is refused.
    const bound = await app.call(
      bindUserByPreBuyKey,
      { preBuyKey: made.preBuyKey.toLowerCase() },
      { token: buyer.token },
    );
    expect(bound.data).toMatchObject({ commodityId: id });
    expectCode(await app.call(bindUserByPreBuyKey, { preBuyKey: made.preBuyKey }, { token: buyer.token }), '200');
    const other = await loginAs(t, '13799990002');
    expectCode(
      await app.call(bindUserByPreBuyKey, { preBuyKey: made.preBuyKey }, { token: other.token }),
      '10002',
      '预购码已被使用',
    );
    const listing = await t.db
      .selectFrom('commodities')
      .select('designated_trade_id')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(listing.designated_trade_id).toBe(buyer.uid);
    expectCode(
      await app.call(createPreBuyKey, { commodityId: id }, { token: seller.token }),
      '10002',
      '该商品已指定买家',
    );
    // He may 出价 on it.
    expect((await sentProposal(id, 25_000)).status).toBe(11);
  });

  it(`预购码 bound by two buyers at once binds exactly one (${testDb})`, async () => {
    const id = await listCoins(30_000, 30_000, false);
    await t.db.updateTable('commodities').set({ sale_type: 1 }).where('id', '=', Number(id)).execute();
    const { preBuyKey } = (await app.call(createPreBuyKey, { commodityId: id }, { token: seller.token })).data as {
      preBuyKey: string;
    };
    const racers = [await loginAs(t, '13799990003'), await loginAs(t, '13799990004'), buyer];
    const answers = await Promise.all(
      racers.map((r) => app.call(bindUserByPreBuyKey, { preBuyKey }, { token: r.token })),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    const winner = racers[answers.findIndex((a) => a.code === '200')]!;
    const listing = await t.db
      .selectFrom('commodities')
      .select('designated_trade_id')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(listing.designated_trade_id).toBe(winner.uid);
  });
});
