import type { BrokerListing } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerCancelOrder,
  brokerGetRateCustomerService,
  brokerRateCustomerService,
  brokerUrgeSellerDelivery,
  orderEngaged,
} from '@app/protocol/calls/broker-orders';
import { type Conversation, conversationList } from '@app/protocol/calls/im';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { approvedMerchant, brokerOrderSteps, openBrokerChannel, publishedListing } from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { sayInChat } from './im-say';
import { opsApi } from './ops-helpers';

/**
 * The merchant's delivery promise (a paid order not started within it may be cancelled by the
 * buyer, the whole amount back), 已沟通过 only after both sides wrote in the chat, and the broker
 * chats in the conversation list with their order.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const _GAME = 'demo-legend';
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let buyer: Player;
let lot: BrokerListing;
const { info, paidOrder, deliver } = brokerOrderSteps(t, app, () => ({ buyer, merchant, lot }));
const PROMISE = 20;

/** The promise of the order passed `minutes` ago (journeys and tests cannot wait for it). */
const overdue = (orderId: string, minutes = 1) =>
  t.db
    .updateTable('broker_orders')
    .set({ deliver_before: new Date(Date.now() - minutes * 60_000) })
    .where('id', '=', Number(orderId))
    .execute();
const cancel = (orderId: string, token = buyer.token) => app.call(brokerCancelOrder, { orderId }, { token });
const stock = async () =>
  Number(
    (
      await t.db
        .selectFrom('broker_listings')
        .select('stock')
        .where('id', '=', Number(lot.commodityId))
        .executeTakeFirstOrThrow()
    ).stock,
  );
/**
 * What the buyer has back: his balance plus what went back through the gateway (原路退回; a refund
 * the gateway refused is on the balance already, so it is not counted twice).
 */
const available = async (userId: number) => {
  const balance = (await balanceOf(t.db, Accounts.userAvailable(userId))).available;
  const refunded = await t.db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'returned')
    .executeTakeFirstOrThrow();
  return balance + Number(refunded.fen);
};

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1375000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1376000');
  await openBrokerChannel(t);
  await approvedMerchant(t, app, merchant.token, '守时金铺');
  lot = await publishedListing(app, merchant, { deliverMinutes: PROMISE });
});

describe(`the delivery promise, the chat before 已沟通过 (${testDb})`, () => {
  it('shows the promise; before it passes the buyer can urge but not cancel; after it, cancels with the whole amount back once', async () => {
    const order = await paidOrder(20_000);
    expect(order.deliverMinutes).toBe(PROMISE);
    expect(order.deliverBefore).toBe((order.payTime ?? 0) + PROMISE * 60);
    expect(order.deliveryLate).toBe(false);
    const stockBefore = await stock();
    const before = await available(buyer.userId);
    // Within the promise: refused in words, nothing changes; an urge goes through.
    const early = await app.call(brokerCancelOrder, { orderId: order.orderId }, { token: buyer.token });
    expectCode(early, '10002');
    expect(early.msg).toMatch(/^商人承诺\d+分钟内发货，超时未发货才能取消订单，可先催促商人发货$/);
    expectCode(await app.call(brokerUrgeSellerDelivery, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect((await info(order.orderId)).status).toBe(102);
    // The merchant cannot cancel it, a stranger does not see it.
    expectCode(
      await app.call(brokerCancelOrder, { orderId: order.orderId }, { token: merchant.token }),
      '10002',
      '只有买家可以取消订单',
    );
    // Past the promise: the order page says so, the buyer cancels, the money and the coins go back.
    await overdue(order.orderId);
    expect((await info(order.orderId)).deliveryLate).toBe(true);
    expect((await info(order.orderId, merchant.token)).deliveryLate).toBe(true);
    const cancelled = await cancel(order.orderId);
    expect(cancelled.data).toMatchObject({ status: -121, statusLabel: '已退回', deliveryLate: false });
    expect((cancelled.data as BrokerOrder).note).toBe('商人未在承诺时间内发货，买家取消订单，款项已原路退回');
    expect(await available(buyer.userId)).toBe(before + order.totalAmount);
    expect(await stock()).toBe(stockBefore + 20_000);
    // Again: refused, nothing more.
    expectCode(await cancel(order.orderId), '10002', '订单已支付或已关闭，无法取消');
    expect(await available(buyer.userId)).toBe(before + order.totalAmount);
    // The merchant can no longer deliver it.
    expectCode(await deliver(order.orderId), '10002');
    // The chat heard it.
    const said = await t.db
      .selectFrom('im_messages')
      .select('body')
      .where('group_id', '=', Number(order.teamInfo.groupId?.slice(1)))
      .orderBy('seq', 'desc')
      .limit(1)
      .execute();
    expect(said[0]?.body).toBe('商人未在承诺时间内发货，买家已取消订单，款项已全额退还买家余额。');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a late cancel racing the merchant starting delivery: exactly one wins, the money moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await paidOrder();
      const before = await available(buyer.userId);
      const stockBefore = await stock();
      await overdue(order.orderId);
      const [cancelled, delivering] = await Promise.all([cancel(order.orderId), deliver(order.orderId)]);
      const status = (await info(order.orderId)).status;
      if (cancelled.code === '200') {
        expectCode(delivering, '10002');
        expect(status).toBe(-121);
        expect(await available(buyer.userId)).toBe(before + order.totalAmount);
        expect(await stock()).toBe(stockBefore + 10_000);
      } else {
        expectCode(cancelled, '10002', '订单已开始发货或已关闭，无法取消');
        expectCode(delivering, '200');
        expect([106, 107]).toContain(status);
        expect(await available(buyer.userId)).toBe(before);
        expect(await stock()).toBe(stockBefore);
      }
    }
    // Two cancels at once: one refund.
    const order = await paidOrder();
    const before = await available(buyer.userId);
    await overdue(order.orderId);
    const both = await Promise.all([cancel(order.orderId), cancel(order.orderId)]);
    expect(both.map((r) => r.code).sort()).toEqual(['10002', '200']);
    expect(await available(buyer.userId)).toBe(before + order.totalAmount);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('已沟通过 needs both sides to have written in the order chat; marked twice at once moves once', async () => {
    const order = await paidOrder();
    const groupId = order.teamInfo.groupId as string;
    const engage = () => app.call(orderEngaged, { orderId: order.orderId }, { token: merchant.token });
    const words = '买卖双方都在订单聊天中发言后，才能标记为已沟通';
    expectCode(await engage(), '10002', words);
    // Only the merchant wrote (and the system said its lines): not yet.
    expect((await sayInChat(t.app, app, merchant.token, groupId, '您好，请确认收货角色')).t).toBe('ack');
    expectCode(await engage(), '10002', words);
    // A stranger cannot write in it.
    const stranger = await sdkPlayer(t, sdk, 'player3', '1377000');
    expect((await sayInChat(t.app, app, stranger.token, groupId, '我也来')).t).toBe('nack');
    expectCode(await engage(), '10002', words);
    expect((await sayInChat(t.app, app, buyer.token, groupId, '角色没错，请发货')).t).toBe('ack');
    const both = await Promise.all([engage(), engage()]);
    expect(both.map((r) => r.code).sort()).toEqual(['10002', '200']);
    expect((await info(order.orderId)).status).toBe(104);
    expectCode(await engage(), '10002', '订单不在已付款状态');
  });

  it('the conversation list carries the broker order of its chat', async () => {
    const order = await paidOrder();
    const mine = async (token: string) =>
      ((await app.call(conversationList, {}, { token })).data as { list: Conversation[] }).list.find(
        (c) => c.groupId === order.teamInfo.groupId,
      );
    expect(await mine(buyer.token)).toMatchObject({ orderId: order.orderId, orderType: 'broker', role: 'buyer' });
    expect(await mine(merchant.token)).toMatchObject({ orderId: order.orderId, orderType: 'broker', role: 'seller' });
  });
});

describe(`rating customer service of a broker order (${testDb})`, () => {
  const rate = (orderId: string, token: string, score: number, comment?: string) =>
    app.call(brokerRateCustomerService, { orderId, score, ...(comment ? { comment } : {}) }, { token });
  const ratingOf = async (orderId: string, token: string) =>
    (await app.call(brokerGetRateCustomerService, { orderId }, { token })).data;

  it('only after customer service decided it; once per side, also when sent twice at once', async () => {
    const order = await paidOrder();
    expect(order.csDecided).toBe(false);
    expect(await ratingOf(order.orderId, buyer.token)).toEqual({ rating: null, canRate: false });
    expectCode(await rate(order.orderId, buyer.token, 5), '10002', '客服处理完成后才能评价');
    // The promise passed; customer service refunds it in the console.
    await overdue(order.orderId);
    const opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
    const resolved = await opsApi(t).call('POST', `/broker-orders/${order.orderId}/resolve`, {
      token: opsToken,
      body: { decision: 'refund', note: '商人超时未发货' },
    });
    expect(resolved.data).toMatchObject({ status: -121 });
    expect((await info(order.orderId)).csDecided).toBe(true);
    expect((await info(order.orderId, merchant.token)).csDecided).toBe(true);
    expect(await ratingOf(order.orderId, buyer.token)).toEqual({ rating: null, canRate: true });
    expectCode(await rate(order.orderId, buyer.token, 0), '10002', '请选择评分');
    expectCode(await rate(order.orderId, buyer.token, 6), '10002', '请选择评分');
    const stranger = await sdkPlayer(t, sdk, 'player2', '1378000');
    expectCode(await rate(order.orderId, stranger.token, 4), '10002', '订单不存在');
    const twice = await Promise.all([
      rate(order.orderId, buyer.token, 5, '处理很快'),
      rate(order.orderId, buyer.token, 1, '再评一次'),
    ]);
    expect(twice.map((r) => r.code).sort()).toEqual(['10002', '200']);
    expect(twice.find((r) => r.code === '10002')?.msg).toBe('您已评价过本次服务');
    const kept = (await ratingOf(order.orderId, buyer.token)) as { rating: { score: number }; canRate: boolean };
    expect(kept.canRate).toBe(false);
    expect([1, 5]).toContain(kept.rating.score);
    // The merchant rates it too, on his own.
    expect(await ratingOf(order.orderId, merchant.token)).toEqual({ rating: null, canRate: true });
    expect((await rate(order.orderId, merchant.token, 2, '没有先联系我')).data).toEqual({
      score: 2,
      comment: '没有先联系我',
    });
    expectCode(await rate(order.orderId, merchant.token, 3), '10002', '您已评价过本次服务');
  });

  it('an order the buyer cancelled himself past the promise has no customer service to rate', async () => {
    const order = await paidOrder();
    await overdue(order.orderId);
    expect((await cancel(order.orderId)).data).toMatchObject({ status: -121, csDecided: false });
    expect(await ratingOf(order.orderId, buyer.token)).toEqual({ rating: null, canRate: false });
    expectCode(await rate(order.orderId, buyer.token, 5), '10002', '客服处理完成后才能评价');
  });
});
