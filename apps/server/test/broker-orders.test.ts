import { randomBytes } from 'node:crypto';
import { merchantApply, updateCommodityStock } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerCancelOrder,
  brokerConfirmOrder,
  brokerOrderInfo,
  brokerOrderList,
  brokerOrderPlace,
  brokerOrderStatus,
  brokerRefuseOrder,
  brokerUrgeBuyerReceipt,
  brokerUrgeSellerDelivery,
  deliveredOrder,
  getOrderStatusList,
  orderEngaged,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { balancePay, combinedPay, wapAlipay } from '@app/protocol/calls/pay';
import { IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import type { BrokerOrderDeps } from '../src/modules/broker/broker-order.queries';
import { settleBrokerOrders } from '../src/modules/broker/broker-order.service';
import { expireBrokerOrders } from '../src/modules/broker/broker-order-place';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { releasePayableHolds } from '../src/modules/payments/payment-holds';
import { brokerOrderSteps, publishedListing, refundedToOrigin } from './broker-fixture';
import { expectCode, sdkPlayer, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';
import { sayInChat } from './im-say';
import { opsApi } from './ops-helpers';

const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let buyer: Player;
let stranger: Player;
let opsToken: string;
const {
  place,
  placed,
  info,
  startPay,
  succeed,
  pay: paid,
  deliver,
} = brokerOrderSteps(t, app, () => ({ buyer, merchant }));
const deps = (): BrokerOrderDeps => ({
  db: t.db,
  gateway: t.app.gateway,
  releaseHolds: (trx, id) => releasePayableHolds(trx, 'broker', id),
});

const key = () => `bk-${randomBytes(6).toString('hex')}`;
const publish = (over: Record<string, unknown> = {}) => publishedListing(app, merchant, over);
const listing = async (id: string) =>
  (await t.db.selectFrom('broker_listings').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow()) as {
    stock: number;
    status: number;
    sold_quantity: number;
  };
const available = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available;
beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1395000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1396000');
  stranger = await sdkPlayer(t, sdk, 'player3', '1397000');
  opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
  await setBrokerConfig(t.db, {
    applicationId: GAME,
    enabled: true,
    goldTypes: [
      { goldType: 1, goldName: '元宝' },
      { goldType: 2, goldName: '金币' },
    ],
    minQuantity: 10_000,
    maxQuantity: 100_000_000,
    feePercent: 3,
    deliverMinutes: 60,
    confirmHours: 24,
  });
  const applied = await app.call(
    merchantApply,
    { applicationId: GAME, shopName: '龙城金铺', agreement: true },
    { token: merchant.token },
  );
  const { merchantId } = applied.data as { merchantId: string };
  const decided = await opsApi(t).call('POST', `/merchants/${merchantId}/decide`, {
    token: opsToken,
    body: { decision: 'approve', creditFen: 100_000 },
  });
  expect(decided.data).toMatchObject({ status: 'approved' });
});

describe(`broker orders (${testDb})`, () => {
  it('refuses bad input and changes nothing', async () => {
    const lot = await publish({ stock: 500_000, maxPerOrder: 200_000 });
    expectCode(await place(lot.commodityId, { quantity: 5_000 }), '10002', '单笔最少购买10000');
    expectCode(await place(lot.commodityId, { quantity: 300_000 }), '10002', '单笔最多购买200000');
    expectCode(await place(lot.commodityId, { quantity: 0 }), '10002', '购买数量须大于0');
    await app.call(updateCommodityStock, { commodityId: lot.commodityId, stock: 50_000 }, { token: merchant.token });
    expectCode(await place(lot.commodityId, { quantity: 60_000 }), '10002', '库存不足，请减少购买数量');
    // The merchant ordering from himself.
    const own = await app.call(
      brokerOrderPlace,
      {
        commodityId: lot.commodityId,
        quantity: 20_000,
        gameAccountId: 'player1',
        gameRoleId: merchant.info.roleId,
        requestKey: key(),
        agreement: true,
      },
      { token: merchant.token },
    );
    expectCode(own, '40002');
    // Not the buyer's account, a role that is not his, a role of another master group.
    expectCode(
      await place(lot.commodityId, { quantity: 20_000, gameAccountId: 'player1' }),
      '10002',
      '请选择您已登录过的游戏账号收货',
    );
    expectCode(await place(lot.commodityId, { quantity: 20_000, gameRoleId: 'r1' }), '10002', '收货角色不存在');
    expectCode(await place('999999', { quantity: 20_000 }), '30001');
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 50_000 });
    expect(await t.db.selectFrom('broker_orders').select('id').execute()).toEqual([]);
  });

  it('places, pays through the cashier, talks, delivers through the game, confirms, settles; the ledger holds', async () => {
    const lot = await publish({ stock: 1_000_000 });
    const requestKey = key();
    const order = await placed(lot.commodityId, { quantity: 100_000, requestKey });
    // 100,000 coins at 150 fen per 万: 1,500 fen; the fee 3 % is 45 fen.
    expect(order).toMatchObject({
      status: 101,
      statusLabel: '待付款',
      quantity: 100_000,
      totalAmount: 1_500,
      fee: 0,
      role: 'buyer',
      shopName: '龙城金铺',
      bizNo: `B${order.orderId}`,
      deliverTo: { gameAccountId: 'buyer1', gameRoleId: buyer.info.roleId },
    });
    expect(order.expireTime).toBeGreaterThan(Date.now() / 1000);
    // The same request key answers the same order; the stock was taken once.
    expect((await placed(lot.commodityId, { quantity: 100_000, requestKey })).orderId).toBe(order.orderId);
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 900_000 });
    // The chat opened with the merchant; nobody else sees the order.
    const opened = await info(order.orderId);
    expect(opened.teamInfo.groupId).toMatch(/^g\d+$/);
    expectCode(
      await app.call(brokerOrderInfo, { orderId: order.orderId }, { token: stranger.token }),
      '10002',
      '订单不存在',
    );
    expectCode(await app.call(brokerOrderInfo, { orderId: order.orderId, type: 2 }, { token: buyer.token }), '10002');
    const merchantView = await info(order.orderId, merchant.token);
    expect(merchantView).toMatchObject({ role: 'merchant', fee: 45, merchantReceive: 1_455 });
    // The merchant cannot deliver before payment; the stranger cannot pay it.
    expectCode(await deliver(order.orderId), '10002', '订单不在待发货状态');
    expectCode(
      await app.call(wapAlipay, { bizNo: order.bizNo, totalAmount: 1_500, payPrice: 1_500 }, { token: stranger.token }),
      '10002',
      '订单不存在',
    );

    await paid(order);
    const status = await app.call(brokerOrderStatus, { orderId: order.orderId }, { token: buyer.token });
    expect(status.data).toMatchObject({ status: 102, statusLabel: '已付款', expireTime: null });
    expect((await info(order.orderId)).deliverBefore).toBeGreaterThan(Date.now() / 1000);
    expect((await balanceOf(t.db, Accounts.escrow)).available).toBeGreaterThanOrEqual(1_500);
    expectCode(await app.call(brokerCancelOrder, { orderId: order.orderId }, { token: buyer.token }), '10002');
    // The buyer urges (once per 10 minutes); the merchant marks they talked.
    expectCode(await app.call(brokerUrgeSellerDelivery, { orderId: order.orderId }, { token: buyer.token }), '200');
    expectCode(await app.call(brokerUrgeSellerDelivery, { orderId: order.orderId }, { token: buyer.token }), '10002');
    expectCode(
      await app.call(orderEngaged, { orderId: order.orderId }, { token: buyer.token }),
      '10002',
      '只有商人可以操作',
    );
    // 已沟通过 is not the merchant's word alone: both must have written in the order's chat.
    const engage = () => app.call(orderEngaged, { orderId: order.orderId }, { token: merchant.token });
    const refusedWords = '买卖双方都在订单聊天中发言后，才能标记为已沟通';
    expectCode(await engage(), '10002', refusedWords);
    const groupId = opened.teamInfo.groupId as string;
    expect((await sayInChat(t.app, app, buyer.token, groupId, '请发到我的角色')).t).toBe('ack');
    expectCode(await engage(), '10002', refusedWords);
    expect((await sayInChat(t.app, app, merchant.token, groupId, '好的，马上发货')).t).toBe('ack');
    expect((await engage()).data).toMatchObject({
      status: 104,
      statusLabel: '已沟通过',
    });
    // Delivery from a role of another master group is refused; from his stock role the game moves the coins.
    expectCode(await deliver(order.orderId, 'r3'), '10002', '发货角色须与订单在同一主服');
    const delivered = await deliver(order.orderId);
    expectCode(delivered, '200');
    expect(delivered.data).toMatchObject({
      status: 107,
      statusLabel: '发货完成',
      deliverFrom: { gameRoleId: merchant.info.roleId },
      receipt: { to: buyer.info.roleId, amount: 100_000, coinType: '金币', verified: true },
    });
    // Delivering again moves nothing more.
    expectCode(await deliver(order.orderId), '10002', '订单不在待发货状态');
    expect((await app.call(deliveredOrder, { orderId: order.orderId }, { token: merchant.token })).data).toMatchObject({
      status: 107,
    });
    expectCode(await app.call(brokerUrgeBuyerReceipt, { orderId: order.orderId }, { token: merchant.token }), '200');
    // Only the buyer confirms.
    expectCode(
      await app.call(brokerConfirmOrder, { orderId: order.orderId }, { token: merchant.token }),
      '10002',
      '只有买家可以确认收货',
    );
    const merchantBefore = await balanceOf(t.db, Accounts.userAvailable(merchant.userId));
    const feesBefore = (await balanceOf(t.db, Accounts.fees)).posted;
    const confirmed = await app.call(brokerConfirmOrder, { orderId: order.orderId }, { token: buyer.token });
    expect(confirmed.data).toMatchObject({ status: 112, statusLabel: '交易成功(待入账)' });
    expect((await balanceOf(t.db, Accounts.userAvailable(merchant.userId))).incoming).toBe(
      merchantBefore.incoming + 1_455,
    );
    expect((await balanceOf(t.db, Accounts.fees)).posted).toBe(feesBefore + 45);
    // The settlement window ends: 111 and the money available.
    const settled = await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 25 * 60 } });
    expect(settled.json().data.brokerOrders).toMatchObject({ settled: 1 });
    expect((await info(order.orderId, merchant.token)).status).toBe(111);
    expect(await available(merchant.userId)).toBe(merchantBefore.available + 1_455);
    // The lists and their tabs.
    const mine = (await app.call(brokerOrderList, { type: 1 }, { token: buyer.token })).data as { list: BrokerOrder[] };
    expect(mine.list.map((o) => o.orderId)).toContain(order.orderId);
    const sold = (await app.call(brokerOrderList, { type: 2, status: 111 }, { token: merchant.token })).data as {
      list: BrokerOrder[];
    };
    expect(sold.list.map((o) => [o.orderId, o.role])).toEqual([[order.orderId, 'merchant']]);
    // The chat heard every step in the system voice; the notices told each side.
    const said = await t.db
      .selectFrom('im_messages')
      .select('body')
      .where('group_id', '=', Number(opened.teamInfo.groupId?.slice(1)))
      .where('role', '=', 'system')
      .orderBy('seq')
      .execute();
    expect(said.map((m) => m.body.slice(0, 6))).toEqual(
      [
        '买家已下单：',
        '买家已付款，',
        '买家提醒商人',
        '商人已与买家',
        '商人已开始发货',
        '游戏已将 金',
        '商人提醒买家',
        '买家已确认收货',
        '交易完成，货',
      ].map((w) => w.slice(0, 6)),
    );
    const told = await t.db.selectFrom('notices').select(['user_id', 'kind']).orderBy('id').execute();
    expect(told.filter((n) => n.kind.startsWith('broker'))).toEqual([
      { user_id: merchant.userId, kind: 'brokerPaid' },
      { user_id: merchant.userId, kind: 'brokerUrgeDelivery' },
      { user_id: buyer.userId, kind: 'brokerDelivered' },
      { user_id: buyer.userId, kind: 'brokerUrgeReceipt' },
      { user_id: merchant.userId, kind: 'brokerSettled' },
    ]);
    const tabs = (await app.call(getOrderStatusList, { type: 2 }, { token: merchant.token })).data as {
      list: Array<{ status: number; count: number }>;
    };
    expect(tabs.list).toHaveLength(13);
    expect(tabs.list.find((s) => s.status === 111)?.count).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('cancel before payment and timeout give the stock back; a payment after the timeout goes back the way it came', async () => {
    const lot = await publish({ stock: 200_000 });
    const a = await placed(lot.commodityId, { quantity: 100_000 });
    const b = await placed(lot.commodityId, { quantity: 100_000 });
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 0, status: 2 });
    expect((await app.call(brokerCancelOrder, { orderId: a.orderId }, { token: buyer.token })).data).toMatchObject({
      status: -102,
      statusLabel: '已取消',
    });
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 100_000, status: 0 });
    const tradeNo = await startPay(b);
    // The dev sweep runs the broker orders' sweeper too (journeys move the clock with it).
    const swept = await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 16 } });
    expect(swept.json().data.brokerOrders).toMatchObject({ expired: 1 });
    expect((await info(b.orderId)).status).toBe(-101);
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 200_000 });
    const before = await available(buyer.userId);
    await succeed(tradeNo);
    expect((await info(b.orderId)).status).toBe(-101);
    expect(await available(buyer.userId)).toBe(before);
    expect(await refundedToOrigin(t, b.orderId)).toBe(b.totalAmount);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a refusal by the game is 发货失败: the money back the way it came, the stock back', async () => {
    // More 元宝 than the merchant's role holds: the game refuses to freeze them.
    const { coins } = await t.app.gateway.coins(GAME, merchant.info.roleId);
    const held = coins.find((c) => c.coinType === '元宝')?.total ?? 0;
    const quantity = Math.max(held + 10_000, 10_000);
    const lot = await publish({ goldType: 1, stock: quantity + 10_000, maxPerOrder: quantity + 10_000 });
    const order = await placed(lot.commodityId, { quantity });
    await paid(order);
    const before = await available(buyer.userId);
    const failed = await deliver(order.orderId);
    expect(failed.data).toMatchObject({ status: -104, statusLabel: '发货失败' });
    expect((failed.data as BrokerOrder).note).toContain('款项已原路退回');
    expect(await available(buyer.userId)).toBe(before);
    expect(await refundedToOrigin(t, order.orderId)).toBe(order.totalAmount);
    expect(await listing(lot.commodityId)).toMatchObject({ stock: quantity + 10_000 });
    // Money on the balance (a top-up here) pays the next order at once.
    const next = await placed((await publish({ stock: 100_000 })).commodityId, { quantity: 10_000 });
    await transfer(t.db, {
      key: `broker-test-topup-${next.orderId}`,
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: next.totalAmount + 50,
      code: 'topup',
    });
    const byBalance = await app.call(
      balancePay,
      { payPassword: TEST_PAY_PIN, bizNo: next.bizNo, totalAmount: next.totalAmount, balancePrice: next.totalAmount },
      { token: buyer.token },
    );
    expect(byBalance.data).toMatchObject({ paid: true });
    expect((await info(next.orderId)).status).toBe(102);
    // A combined payment reserves part of the balance; cancelling the order frees it.
    const third = await placed(lot.commodityId, { quantity: 10_000 });
    const free = await available(buyer.userId);
    const combined = await app.call(
      combinedPay,
      {
        payPassword: TEST_PAY_PIN,
        bizNo: third.bizNo,
        balancePrice: 50,
        totalPrice: third.totalAmount,
        price: third.totalAmount - 50,
        payChannelType: 5,
      },
      { token: buyer.token },
    );
    expectCode(combined, '200');
    expect(await available(buyer.userId)).toBe(free - 50);
    expectCode(await app.call(brokerCancelOrder, { orderId: third.orderId }, { token: buyer.token }), '200');
    expect(await available(buyer.userId)).toBe(free);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a refused receipt goes to customer service: refund (-121) or confirm (112), audited', async () => {
    const lot = await publish({ stock: 300_000 });
    const deliveredOrder = async () => {
      const o = await placed(lot.commodityId, { quantity: 20_000 });
      await paid(o);
      expectCode(await deliver(o.orderId), '200');
      return o;
    };
    const one = await deliveredOrder();
    expect(
      (await app.call(brokerRefuseOrder, { orderId: one.orderId, reason: '没有收到金币' }, { token: buyer.token }))
        .data,
    ).toMatchObject({ status: -105, statusLabel: '拒绝收货' });
    const refused = await opsApi(t).call<{ list: Array<{ orderId: string }> }>('GET', '/broker-orders/refused', {
      token: opsToken,
    });
    expect(refused.data.list.map((r) => r.orderId)).toContain(one.orderId);
    const before = await available(buyer.userId);
    const refund = await opsApi(t).call('POST', `/broker-orders/${one.orderId}/resolve`, {
      token: opsToken,
      body: { decision: 'refund', note: '核实未到账' },
    });
    expect(refund.data).toMatchObject({ status: -121 });
    expect(await available(buyer.userId)).toBe(before);
    expect(await refundedToOrigin(t, one.orderId)).toBe(one.totalAmount);
    expect(
      (
        await opsApi(t).call('POST', `/broker-orders/${one.orderId}/resolve`, {
          token: opsToken,
          body: { decision: 'confirm', note: '再次处理' },
        })
      ).msg,
    ).toBe('订单不在拒绝收货或待发货状态');

    const two = await deliveredOrder();
    await app.call(brokerRefuseOrder, { orderId: two.orderId, reason: '数量不对' }, { token: buyer.token });
    const confirm = await opsApi(t).call('POST', `/broker-orders/${two.orderId}/resolve`, {
      token: opsToken,
      body: { decision: 'confirm', note: '游戏凭证显示已到账' },
    });
    expect(confirm.data).toMatchObject({ status: 112 });
    const audit = await opsApi(t).call<{ list: Array<{ action: string }> }>('GET', '/audit', { token: opsToken });
    expect(audit.data.list.filter((a) => a.action === 'brokerOrder.decide')).toHaveLength(2);

    // A paid order the merchant never delivers: customer service can only refund it, the coins back on sale.
    const idle = await placed(lot.commodityId, { quantity: 20_000 });
    await paid(idle);
    const stockBefore = Number((await listing(lot.commodityId)).stock);
    expect(
      (
        await opsApi(t).call('POST', `/broker-orders/${idle.orderId}/resolve`, {
          token: opsToken,
          body: { decision: 'confirm', note: '未发货确认' },
        })
      ).msg,
    ).toBe('商人尚未发货，只能退款');
    const idleBefore = await available(buyer.userId);
    const idleRefund = await opsApi(t).call('POST', `/broker-orders/${idle.orderId}/resolve`, {
      token: opsToken,
      body: { decision: 'refund', note: '商人超时未发货' },
    });
    expect(idleRefund.data).toMatchObject({ status: -121 });
    expect(await available(buyer.userId)).toBe(idleBefore);
    expect(await refundedToOrigin(t, idle.orderId)).toBe(idle.totalAmount);
    expect(Number((await listing(lot.commodityId)).stock)).toBe(stockBefore + 20_000);

    // Silence confirms after confirmHours.
    const three = await deliveredOrder();
    expect(await settleBrokerOrders(deps(), Date.now() + 24 * 3_600_000 + 60_000)).toMatchObject({ confirmed: 1 });
    expect((await info(three.orderId)).status).toBe(112);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('delivery of more than ordered: extra quantity or amount fields change nothing; the game moves exactly the order’s quantity', async () => {
    const lot = await publish({ stock: 500_000 });
    const order = await placed(lot.commodityId, { quantity: 30_000 });
    await paid(order);
    const coinsOf = async (roleId: string) =>
      (await t.app.gateway.coins(GAME, roleId)).coins.find((c) => c.coinType === '金币')?.total ?? 0;
    const buyerBefore = await coinsOf(buyer.info.roleId);
    const merchantBefore = await coinsOf(merchant.info.roleId);
    const freeze = vi.spyOn(t.app.gateway, 'freeze');
    try {
      // The merchant names an amount: the call has no such field, it is dropped, the order's quantity moves.
      const more = { quantity: 3_000_000, amount: 3_000_000, coinNum: 3_000_000, goldNum: 3_000_000 };
      const started = await app.call(
        startOrderDelivery,
        { orderId: order.orderId, gameAccountId: 'player1', gameRoleId: merchant.info.roleId, ...more },
        { token: merchant.token },
      );
      expectCode(started, '200');
      expect(started.data).toMatchObject({
        status: 107,
        quantity: 30_000,
        receipt: { amount: 30_000, verified: true },
      });
      expect(freeze).toHaveBeenCalledTimes(1);
      expect(freeze.mock.calls[0]?.[1]).toMatchObject({ kind: 'coins', amount: 30_000 });
      // Asking again with a larger amount answers the order as it is; nothing more moves.
      const again = await app.call(deliveredOrder, { orderId: order.orderId, ...more }, { token: merchant.token });
      expectCode(again, '200');
      expect(again.data).toMatchObject({ status: 107, receipt: { amount: 30_000 } });
      expect(freeze).toHaveBeenCalledTimes(1);
    } finally {
      freeze.mockRestore();
    }
    expect(await coinsOf(buyer.info.roleId)).toBe(buyerBefore + 30_000);
    expect(await coinsOf(merchant.info.roleId)).toBe(merchantBefore - 30_000);
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 470_000 });
    const seen = await info(order.orderId, merchant.token);
    expect(seen).toMatchObject({ quantity: 30_000, totalAmount: 450, receipt: { amount: 30_000 } });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('customer service joins a broker order’s chat from the console: 客服已介入 told once; nobody else can', async () => {
    type Joined = { groupId: string; login: { account: string; token: string } };
    const join = (orderId: string, token?: string) =>
      opsApi(t).call<Joined>('POST', `/broker-orders/${orderId}/join`, token ? { token } : {});
    const lot = await publish({ stock: 200_000 });
    const order = await placed(lot.commodityId, { quantity: 20_000 });
    await paid(order);
    const groupId = (await info(order.orderId)).teamInfo.groupId as string;
    const group = Number(groupId.slice(1));
    const members = async () =>
      (
        await t.db
          .selectFrom('im_members')
          .select(['account', 'role'])
          .where('group_id', '=', group)
          .orderBy('role')
          .execute()
      ).map((m) => `${m.role}:${m.account}`);
    const joinedLines = async () =>
      (
        await t.db
          .selectFrom('im_messages')
          .select('body')
          .where('group_id', '=', group)
          .where('role', '=', 'system')
          .execute()
      ).filter((m) => String(m.body).startsWith('客服已介入'));
    const cs = await opsApi(t).staffMember('cs-broker-chat', 'cs', '小周');

    // A paid order within the merchant's promise needs no customer service.
    expect(await join(order.orderId, cs.token)).toMatchObject({
      code: '10002',
      msg: '该订单无需客服介入：只有拒绝收货、超时未发货或申请了客服介入的订单可以进入会话',
    });
    expectCode(await deliver(order.orderId), '200');
    expectCode(
      await app.call(brokerRefuseOrder, { orderId: order.orderId, reason: '没有收到金币' }, { token: buyer.token }),
      '200',
    );
    const before = await members();
    expect(before).toHaveLength(2);
    // Not staff: no console session, a player's token; an order that does not exist.
    expect((await join(order.orderId)).status).toBe(401);
    expect((await join(order.orderId, stranger.token)).code).not.toBe('200');
    expect((await join(order.orderId, buyer.token)).code).not.toBe('200');
    expect(await join('99999999', cs.token)).toMatchObject({ code: '10002', msg: '订单不存在' });
    expect(await members()).toEqual(before);
    expect(await joinedLines()).toHaveLength(0);

    const joined = await join(order.orderId, cs.token);
    expect(joined).toMatchObject({ code: '200', data: { groupId, login: { account: `cs:${cs.id}` } } });
    expect(await members()).toEqual([...before, `cs:cs:${cs.id}`].sort());
    expect((await joinedLines()).map((l) => l.body)).toEqual([
      '客服已介入：客服 小周 已进入本订单聊天，将协助买家和商人处理，请双方在此说明情况。',
    ]);
    // Opening it again (or twice at once) adds nobody and says nothing more.
    const twice = await Promise.all([join(order.orderId, cs.token), join(order.orderId, cs.token)]);
    expect(twice.map((r) => r.code)).toEqual(['200', '200']);
    expect(await joinedLines()).toHaveLength(1);
    const told = await t.db
      .selectFrom('notices')
      .select('user_id')
      .where('kind', '=', 'brokerServiceJoined')
      .orderBy('user_id')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([buyer.userId, merchant.userId].sort());
    const audit = await opsApi(t).call<{ list: Array<{ action: string; orderNo: string | null }> }>('GET', '/audit', {
      token: opsToken,
    });
    expect(audit.data.list.filter((a) => a.action === 'brokerOrder.join')).toHaveLength(3);

    // 客服 speaks in the chat with the login handed over; the buyer and the merchant are in the same
    // conversation; a stranger is not a member and cannot write in it.
    const ws = await t.app.injectWS(IM_SOCKET_PATH);
    const frames: ImServerFrame[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ t: 'login', ...joined.data.login }));
    await expect.poll(() => frames.some((f) => f.t === 'login')).toBe(true);
    ws.send(
      JSON.stringify({ t: 'send', ref: 'cs1', groupId, kind: 'text', body: '您好，我是客服，正在核实游戏凭证。' }),
    );
    await expect.poll(() => frames.find((f) => f.t === 'ack')).toBeTruthy();
    ws.terminate();
    const last = await t.db
      .selectFrom('im_messages')
      .select(['role', 'sender'])
      .where('group_id', '=', group)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ role: 'cs', sender: `cs:${cs.id}` });
    expect((await sayInChat(t.app, app, buyer.token, groupId, '游戏里确实没有收到')).t).toBe('ack');
    expect((await sayInChat(t.app, app, merchant.token, groupId, '我这边显示已发出')).t).toBe('ack');
    expect((await sayInChat(t.app, app, stranger.token, groupId, '我也来说一句')).t).toBe('nack');

    // After the decision the staff member may still come back to the conversation.
    expectCode(
      await opsApi(t).call('POST', `/broker-orders/${order.orderId}/resolve`, {
        token: cs.token,
        body: { decision: 'refund', note: '核实未到账，退款' },
      }),
      '200',
    );
    expectCode(await join(order.orderId, cs.token), '200');
    expect(await joinedLines()).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a confirmation racing a refusal: exactly one wins, the money moves once', async () => {
    const lot = await publish({ stock: 1_000_000 });
    for (let i = 0; i < 3; i++) {
      const o = await placed(lot.commodityId, { quantity: 10_000 });
      await paid(o);
      expectCode(await deliver(o.orderId), '200');
      const [c, r] = await Promise.all([
        app.call(brokerConfirmOrder, { orderId: o.orderId }, { token: buyer.token }),
        app.call(brokerRefuseOrder, { orderId: o.orderId, reason: '没有收到' }, { token: buyer.token }),
      ]);
      expect([c.code, r.code].filter((code) => code === '200')).toHaveLength(1);
      expect([112, -105]).toContain((await info(o.orderId)).status);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a payment notice racing the timeout: paid, or timed out with the money back the way it came; never both', async () => {
    const lot = await publish({ stock: 1_000_000 });
    for (let i = 0; i < 4; i++) {
      const o = await placed(lot.commodityId, { quantity: 10_000 });
      const tradeNo = await startPay(o);
      const before = await available(buyer.userId);
      await Promise.all([succeed(tradeNo), expireBrokerOrders(deps(), Date.now() + 16 * 60_000)]);
      const after = await info(o.orderId);
      if (after.status === 102) expect(await available(buyer.userId)).toBe(before);
      else {
        expect(after.status).toBe(-101);
        expect(await available(buyer.userId)).toBe(before);
        await expect.poll(() => refundedToOrigin(t, o.orderId)).toBe(o.totalAmount);
      }
    }
    // Every timed-out order gave its stock back: what is left is the stock less the paid orders'.
    const paidCount = await t.db
      .selectFrom('broker_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('listing_id', '=', Number(lot.commodityId))
      .where('status', '=', 102)
      .executeTakeFirstOrThrow();
    expect(Number((await listing(lot.commodityId)).stock)).toBe(1_000_000 - Number(paidCount.n) * 10_000);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('200 orders at once against 50 orders’ stock place exactly 50; a restock racing orders never goes below zero', async () => {
    const lot = await publish({ stock: 500_000 });
    const results = await Promise.all(Array.from({ length: 200 }, () => place(lot.commodityId, { quantity: 10_000 })));
    expect(results.filter((r) => r.code === '200')).toHaveLength(50);
    for (const r of results.filter((x) => x.code !== '200')) expectCode(r, '10002');
    expect(await listing(lot.commodityId)).toMatchObject({ stock: 0, status: 2 });
    const rows = await t.db
      .selectFrom('broker_orders')
      .select((eb) => eb.fn.sum<number>('quantity').as('q'))
      .where('listing_id', '=', Number(lot.commodityId))
      .executeTakeFirstOrThrow();
    expect(Number(rows.q)).toBe(500_000);

    await app.call(updateCommodityStock, { commodityId: lot.commodityId, stock: 100_000 }, { token: merchant.token });
    const raced = await Promise.all([
      ...Array.from({ length: 20 }, () => place(lot.commodityId, { quantity: 10_000 })),
      app.call(updateCommodityStock, { commodityId: lot.commodityId, stock: 50_000 }, { token: merchant.token }),
    ]);
    const taken = raced.slice(0, 20).filter((r) => r.code === '200').length;
    const after = await listing(lot.commodityId);
    expect(Number(after.stock)).toBeGreaterThanOrEqual(0);
    expect(taken).toBeGreaterThanOrEqual(5);
    expect(taken).toBeLessThanOrEqual(15);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
