import type { BrokerListing } from '@app/protocol/calls/broker';
import { brokerRefuseOrder } from '@app/protocol/calls/broker-orders';
import type { CaseDecided, RefusedCase, RefusedCasesPage } from '@app/protocol/refused-cases';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { approvedMerchant, brokerOrderSteps, openBrokerChannel, publishedListing } from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { orderFixture } from './order-fixture';

/**
 * The console's one set of cases across both order machineries (/ops/v1/cases): the exchange's
 * refused receipts and the broker's refused orders in one list and one card shape, decided by one
 * audited route; the old per-domain routes answer as before through the same decision.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let seller: Player;
let buyer: Player;
let lot: BrokerListing;
let staff: string;
const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));
const broker = brokerOrderSteps(t, app, () => ({ buyer, merchant, lot }));
const ops = () => opsApi(t);
const available = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available;

const list = async (query = '') => (await ops().call<RefusedCasesPage>('GET', `/cases${query}`, { token: staff })).data;
const decide = (caseRef: string, decision: string, note = '核实游戏凭证') =>
  ops().call<CaseDecided>('POST', `/cases/${caseRef}/decide`, { token: staff, body: { decision, note } });

/** A broker order paid, delivered through the game and refused by its buyer (-105). */
async function refusedBrokerOrder() {
  const order = await broker.paidOrder(20_000);
  expectCode(await broker.deliver(order.orderId), '200');
  expectCode(
    await app.call(brokerRefuseOrder, { orderId: order.orderId, reason: '没有收到金币' }, { token: buyer.token }),
    '200',
  );
  return order;
}

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385400');
  seller = await sdkPlayer(t, sdk, 'player2', '1387400');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386400');
  staff = await ops().login('ops-cs', 'demo-cs-123');
  await openBrokerChannel(t);
  await approvedMerchant(t, app, merchant.token, '一案金铺');
  lot = await publishedListing(app, merchant);
});

describe(`the console's refused cases across both machineries (${testDb})`, () => {
  it('lists both domains in one card shape, oldest first, by domain, by search and by page; staff only', async () => {
    const exchange = await orders.orderAt('RECEIPT_REFUSED', { price: 4_100, reason: '商品与描述不符' });
    const brokered = await refusedBrokerOrder();
    const all = await list();
    const mine = all.list.filter((c) =>
      [`order-${exchange.orderId}`, `broker-${brokered.orderId}`].includes(c.caseRef),
    );
    expect(mine.map((c) => c.caseRef)).toEqual([`order-${exchange.orderId}`, `broker-${brokered.orderId}`]);
    const [ex, bk] = mine as [RefusedCase, RefusedCase];
    expect(ex).toMatchObject({
      domain: 'order',
      kind: 'refused',
      status: OrderStatus.RECEIPT_REFUSED,
      headline: '拒绝收货 · 待处理',
      amount: 4_100,
      open: true,
      note: '买家拒绝收货：商品与描述不符。客服将介入处理',
      staffNotes: [],
      chat: false,
    });
    expect(ex.options.map((o) => o.decision)).toEqual(['confirm', 'refund']);
    expect(ex.facts.find((f) => f.label === '交付')?.value).toContain('10000 金币 已发到买家角色');
    expect(bk).toMatchObject({
      domain: 'broker',
      kind: 'refused',
      status: BrokerOrderStatus.RECEIPT_REFUSED,
      headline: '拒绝收货 · 待处理',
      tag: '商人订单',
      amount: brokered.totalAmount,
      staffNotes: null,
      chat: true,
    });
    expect(bk.facts.find((f) => f.label === '交付')?.value).toContain('已发到买家角色');

    expect((await list('?domain=broker')).list.every((c) => c.domain === 'broker')).toBe(true);
    expect((await list(`?q=${bk.orderNo}`)).list.map((c) => c.caseRef)).toEqual([bk.caseRef]);
    const first = await list('?pageSize=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: all.total });
    expect(first.list).toHaveLength(1);
    expect((await list('?page=2&pageSize=1')).list[0]?.caseRef).not.toBe(first.list[0]?.caseRef);

    // Wrong input: a clear message, and nobody but staff.
    expect(await ops().call('GET', '/cases?pageSize=500', { token: staff })).toMatchObject({ msg: '每页最多100条' });
    expect(await ops().call('GET', '/cases?domain=shop', { token: staff })).toMatchObject({ msg: '类型不正确' });
    expect((await ops().call('GET', '/cases', { token: buyer.token })).status).toBe(401);
    expect((await ops().call('GET', '/cases/order-x', { token: staff })).msg).toBe('订单不存在');
    expect((await ops().call('GET', '/cases/order-999999', { token: staff })).msg).toBe('订单不存在');
  });

  it('decides either domain through one route, audited; a repeat or a wrong decision changes nothing', async () => {
    const exchange = await orders.orderAt('RECEIPT_REFUSED', { price: 3_300 });
    const brokered = await refusedBrokerOrder();
    const before = await available(buyer.userId);

    expect((await decide(`order-${exchange.orderId}`, 'maybe')).msg).toBe('请选择处理方式');
    expect((await decide(`order-${exchange.orderId}`, 'refund', 'x')).msg).toBe('请填写处理说明（至少2个字）');
    expect((await decide('shop-1', 'refund')).msg).toBe('订单不存在');
    expect(await available(buyer.userId)).toBe(before);

    const refunded = await decide(`order-${exchange.orderId}`, 'refund');
    expectCode(refunded as never, '200');
    expect(refunded.data.case).toMatchObject({
      open: false,
      status: OrderStatus.RETURNED,
      headline: '已退回 · 已处理',
    });
    // Paid through the sandbox's 支付宝: the refund goes back that way (原路退回), not to the balance.
    expect(await available(buyer.userId)).toBe(before);
    const refundsOf = () =>
      t.db
        .selectFrom('refunds')
        .select(['status', 'amount_fen'])
        .where('purpose', '=', 'order')
        .where('ref', '=', Number(exchange.orderId))
        .execute();
    expect((await refundsOf()).map((r) => [r.status, Number(r.amount_fen)])).toEqual([
      ['succeeded', exchange.totalAmount],
    ]);
    // The 客服 request the refusal opened ends with the decision (the buyer no longer reads 等待客服接入).
    const request = await t.db
      .selectFrom('support_requests')
      .select(['status', 'outcome'])
      .where('order_id', '=', Number(exchange.orderId))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(request).toMatchObject({ status: 'closed', outcome: 'refund' });
    const confirmed = await decide(`broker-${brokered.orderId}`, 'confirm');
    expect(confirmed.data.case).toMatchObject({
      open: false,
      status: BrokerOrderStatus.COMPLETED_PENDING,
      options: [],
    });

    // Repeats: refused, nothing moves twice.
    expect((await decide(`order-${exchange.orderId}`, 'confirm')).msg).toBe('订单不在拒绝收货状态');
    expect((await decide(`broker-${brokered.orderId}`, 'refund')).msg).toBe('订单不在拒绝收货或待发货状态');
    expect(await available(buyer.userId)).toBe(before);
    expect(await refundsOf()).toHaveLength(1);

    const admin = await ops().login('ops-admin', 'demo-ops-123');
    const audit = await ops().call<{
      list: Array<{ action: string; orderNo: string; before: unknown; after: unknown }>;
    }>('GET', '/audit', { token: admin });
    const exRow = audit.data.list.find((a) => a.action === 'order.refund' && a.before !== null);
    expect(exRow?.before).toMatchObject({ status: OrderStatus.RECEIPT_REFUSED, statusLabel: '拒绝收货' });
    expect(exRow?.after).toMatchObject({ status: OrderStatus.RETURNED, refundedFen: 3_300, reason: '核实游戏凭证' });
    const bkRow = audit.data.list.find((a) => a.action === 'brokerOrder.decide');
    expect(bkRow?.before).toMatchObject({ brokerOrderId: Number(brokered.orderId), status: -105 });
    expect(bkRow?.after).toMatchObject({ decision: 'confirm', note: '核实游戏凭证', status: 112 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('two staff deciding one case at once: exactly one decision is taken, on either domain', async () => {
    const exchange = await orders.orderAt('RECEIPT_REFUSED', { price: 2_200 });
    const brokered = await refusedBrokerOrder();
    for (const ref of [`order-${exchange.orderId}`, `broker-${brokered.orderId}`]) {
      const answers = await Promise.all([decide(ref, 'refund'), decide(ref, 'confirm')]);
      expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
      // The loser is refused with its reason (the row moved, or the game was already asked to take it back).
      const loser = answers.find((a) => a.code !== '200');
      expect(loser).toMatchObject({ code: '10002', msg: expect.stringMatching(/订单|收回/) });
    }
    expect((await list()).list.map((c) => c.caseRef)).not.toContain(`order-${exchange.orderId}`);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
