import type { BrokerListing } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerConfirmOrder,
  brokerTradeCustomerService,
  deliveredOrder,
} from '@app/protocol/calls/broker-orders';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import {
  approvedMerchant,
  BROKER_CONFIG,
  brokerOrderSteps,
  openBrokerChannel,
  publishedListing,
  refundedToOrigin,
} from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * A trade the merchant started but never reported (docs/decisions/0023-broker.md "A trade never
 * reported"): past its time the buyer asks customer service; the console refunds it whole (-121) or
 * records it delivered (107); of that and the merchant's late report only one wins.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let buyer: Player;
let stranger: Player;
let lot: BrokerListing;
let opsToken: string;
const { info, paidOrder, deliver: start } = brokerOrderSteps(t, app, () => ({ buyer, merchant, lot }));
const CONFIG = BROKER_CONFIG;

const report = (orderId: string, note = '已在银杏村面交') =>
  app.call(deliveredOrder, { orderId, note }, { token: merchant.token });
const ask = (orderId: string, token = buyer.token, reason = '商人开始交易后一直没有上线') =>
  app.call(brokerTradeCustomerService, { orderId, reason }, { token });
const decide = (orderId: string, decision: 'refund' | 'confirm', note = '核实双方聊天记录') =>
  opsApi(t).call<{ status: number }>('POST', `/broker-orders/${orderId}/resolve`, {
    token: opsToken,
    body: { decision, note },
  });
const cases = async () =>
  (
    await opsApi(t).call<{ list: Array<{ orderId: string; status: number; delivery: string; tradeCsTime: number }> }>(
      'GET',
      '/broker-orders/refused',
      { token: opsToken },
    )
  ).data.list;
const row = (orderId: string) =>
  t.db.selectFrom('broker_orders').selectAll().where('id', '=', Number(orderId)).executeTakeFirstOrThrow();
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
const available = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available;
const escrow = async () => (await balanceOf(t.db, Accounts.escrow)).available;

/** A trade started and its time passed (moved back in the database, not waited for). */
const overdueTrade = async () => {
  const order = await paidOrder();
  expectCode(await start(order.orderId), '200');
  await t.db
    .updateTable('broker_orders')
    .set({ trade_due_at: new Date(Date.now() - 60_000) })
    .where('id', '=', Number(order.orderId))
    .execute();
  return order;
};

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385300');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386300');
  stranger = await sdkPlayer(t, sdk, 'player2', '1388300');
  opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
  await openBrokerChannel(t, { delivery: 'trade' });
  await approvedMerchant(t, app, merchant.token, '久候金铺');
  lot = await publishedListing(app, merchant);
});

describe(`broker trade never reported (${testDb})`, () => {
  it('the trade’s time is the later of the promise and the game’s window after the start; before it, by others, on a paid or an API order: refused, nothing changes', async () => {
    const order = await paidOrder();
    expectCode(await ask(order.orderId), '10002', '只有商人已开始游戏内交易、超时未报告完成的订单可以申请客服介入');
    expectCode(await start(order.orderId), '200');
    const started = await row(order.orderId);
    // The listing promised 30 minutes after payment, the game's window is 60 minutes after the start.
    expect(started.trade_due_at?.getTime()).toBe(started.delivering_at!.getTime() + 60 * 60_000);
    const seen = await info(order.orderId);
    expect(seen).toMatchObject({ status: 106, tradeOverdue: false, tradeCsTime: null });
    expect(seen.tradeDueTime).toBe(Math.floor(started.trade_due_at!.getTime() / 1000));
    expectCode(await ask(order.orderId), '10002');
    expect((await ask(order.orderId)).msg).toMatch(/^商人开始交易后仍有\d+分钟可完成交易/);
    expectCode(await ask(order.orderId, merchant.token), '10002', '只有买家可以申请客服介入');
    expectCode(await ask(order.orderId, stranger.token), '10002', '订单不存在');
    expectCode(await ask(order.orderId, buyer.token, '短'), '10002', '请说明需要客服处理的情况');
    await t.db
      .updateTable('broker_orders')
      .set({ trade_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', Number(order.orderId))
      .execute();
    expect(await info(order.orderId)).toMatchObject({ tradeOverdue: true });
    // Only the buyer's view offers it; the merchant's and a stranger's asking still change nothing.
    expect(await info(order.orderId, merchant.token)).toMatchObject({ tradeOverdue: false });
    expectCode(await ask(order.orderId, merchant.token), '10002', '只有买家可以申请客服介入');
    expectCode(await ask(order.orderId, stranger.token), '10002', '订单不存在');
    expect(await row(order.orderId)).toMatchObject({ status: 106, trade_cs_at: null, note: '' });
    expect((await cases()).some((c) => c.orderId === order.orderId)).toBe(false);
    // Not asked: the console has nothing to decide on it.
    expect((await decide(order.orderId, 'refund')).code).toBe('10002');
    expect((await row(order.orderId)).status).toBe(106);

    // An order delivered through the game, waiting on its answer (106), past any time.
    await setBrokerConfig(t.db, { ...CONFIG, delivery: 'api' });
    const transfer = vi.spyOn(t.app.gateway, 'transfer').mockRejectedValue(new Error('game unreachable'));
    try {
      const viaApi = await paidOrder();
      expectCode(await start(viaApi.orderId), '200');
      expect(await info(viaApi.orderId)).toMatchObject({ status: 106, delivery: 'api', tradeOverdue: false });
      await t.db
        .updateTable('broker_orders')
        .set({ trade_due_at: new Date(Date.now() - 60_000), deliver_before: new Date(Date.now() - 60_000) })
        .where('id', '=', Number(viaApi.orderId))
        .execute();
      expectCode(await ask(viaApi.orderId), '10002', '该订单由游戏直接发货，正在等待游戏的发货结果，无需申请客服介入');
      expect(await row(viaApi.orderId)).toMatchObject({ status: 106, trade_cs_at: null });
    } finally {
      transfer.mockRestore();
      await setBrokerConfig(t.db, { ...CONFIG, delivery: 'trade' });
    }
    // Reported: the buyer refuses receipt instead.
    expectCode(await report(order.orderId), '200');
    expectCode(await ask(order.orderId), '10002', '商人已报告发货，请进入游戏核对，如未收到请拒绝收货');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('asked once (a repeat refused); the console refunds it whole: -121, the money back, the stock back, a late report refused', async () => {
    const order = await overdueTrade();
    const stockBefore = await stock();
    const asked = await ask(order.orderId);
    expectCode(asked, '200');
    expect(asked.data).toMatchObject({
      status: 106,
      tradeOverdue: false,
      note: '买家申请客服介入：商人开始交易后一直没有上线',
    });
    expect((asked.data as BrokerOrder).tradeCsTime).toBeGreaterThan(0);
    expectCode(await ask(order.orderId), '10002', '您已申请客服介入，请等待客服处理');
    expect((await cases()).find((c) => c.orderId === order.orderId)).toMatchObject({ status: 106, delivery: 'trade' });

    const buyerBefore = await available(buyer.userId);
    const escrowBefore = await escrow();
    expectCode(await decide(order.orderId, 'refund', '商人无法提供交易截图'), '200');
    expect(await info(order.orderId)).toMatchObject({ status: -121, csDecided: true });
    expect(await available(buyer.userId)).toBe(buyerBefore);
    expect(await refundedToOrigin(t, order.orderId)).toBe(order.totalAmount);
    expect(await escrow()).toBe(escrowBefore - order.totalAmount);
    expect(await stock()).toBe(stockBefore + order.quantity);
    expectCode(await report(order.orderId), '10002', '订单不在发货中状态');
    expectCode(await decide(order.orderId, 'refund'), '10002');
    expect(await available(buyer.userId)).toBe(buyerBefore);
    expect(await refundedToOrigin(t, order.orderId)).toBe(order.totalAmount);
    expect((await cases()).some((c) => c.orderId === order.orderId)).toBe(false);
    const audit = await opsApi(t).call<{ list: Array<{ action: string; orderNo: string }> }>('GET', '/audit', {
      token: opsToken,
    });
    const { order_no } = await row(order.orderId);
    expect(audit.data.list.filter((a) => a.orderNo === order_no)).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('the console records it delivered: 107 with the note, the buyer’s window starts, then as after a report', async () => {
    const order = await overdueTrade();
    expectCode(await ask(order.orderId), '200');
    const stockBefore = await stock();
    expectCode(await decide(order.orderId, 'confirm', '聊天截图显示已面交'), '200');
    const seen = await info(order.orderId);
    expect(seen).toMatchObject({ status: 107, csDecided: true, tradeReport: { note: '客服核实：聊天截图显示已面交' } });
    expect(seen.note).toContain('聊天截图显示已面交');
    expect(seen.autoConfirmTime).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(await stock()).toBe(stockBefore);
    // The merchant's late report answers the order as it is; the buyer confirms.
    expectCode(await report(order.orderId, '我也交易了'), '200');
    expect((await info(order.orderId)).tradeReport?.note).toBe('客服核实：聊天截图显示已面交');
    const merchantBefore = await available(merchant.userId);
    expectCode(await app.call(brokerConfirmOrder, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect((await info(order.orderId)).status).toBe(112);
    expect(await available(merchant.userId)).toBe(merchantBefore);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('races: two asks at once record one; the console’s decision and the merchant’s late report: one wins', async () => {
    const order = await overdueTrade();
    const both = await Promise.all([ask(order.orderId), ask(order.orderId)]);
    expect(both.map((r) => r.code).sort()).toEqual(['10002', '200']);
    expect(both.find((r) => r.code === '10002')?.msg).toBe('您已申请客服介入，请等待客服处理');

    for (const decision of ['refund', 'confirm', 'refund', 'confirm'] as const) {
      const o = await overdueTrade();
      expectCode(await ask(o.orderId), '200');
      const buyerBefore = await available(buyer.userId);
      const stockBefore = await stock();
      const [decided, reported] = await Promise.all([decide(o.orderId, decision), report(o.orderId, '迟到的报告')]);
      const after = await row(o.orderId);
      if (after.cs_decided_at === null) {
        // The report moved it: the decision was refused by its guarded move, or read it moved already.
        expectCode(reported, '200');
        expect(decided.code).toBe('10002');
        expect(['订单状态已变化，请刷新后重试', '订单不在拒绝收货或待发货状态']).toContain(decided.msg);
        expect(after).toMatchObject({ status: 107, trade_note: '迟到的报告' });
      } else if (decision === 'refund') {
        expectCode(decided, '200');
        expect(reported.code).toBe('10002');
        expect(after.status).toBe(-121);
        expect(await available(buyer.userId)).toBe(buyerBefore);
        expect(await refundedToOrigin(t, o.orderId)).toBe(o.totalAmount);
        expect(await stock()).toBe(stockBefore + o.quantity);
      } else {
        // Recorded delivered by customer service: the report, like a repeat, answers the order as it is.
        expectCode(decided, '200');
        expect(after).toMatchObject({ status: 107, trade_note: '客服核实：核实双方聊天记录' });
        if (reported.code === '200')
          expect((reported.data as BrokerOrder).tradeReport?.note).toBe('客服核实：核实双方聊天记录');
        else expect(reported.msg).toBe('订单状态已变化，请刷新后重试');
      }
      if (after.status === 107) {
        expect(await available(buyer.userId)).toBe(buyerBefore);
        expect(await stock()).toBe(stockBefore);
      }
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
