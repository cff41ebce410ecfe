import { publishCoin } from '@app/protocol/calls/consignment';
import { h5sdkOrderPlace, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { combinedPay, wapAlipay } from '@app/protocol/calls/pay';
import type { ReconcileRun } from '@app/protocol/ops-money';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { sweepDeliveries } from '../src/modules/orders/delivery.service';
import {
  checkRefundsInTransit,
  originRefunds,
  REFUND_ANSWER_WAIT_MS,
  refundToOrigin,
  settleRefund,
} from '../src/modules/payments/refunds';
import { expectCode, sdkPlayer, setPayPin, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * 原路退回 (docs/decisions/0059-refunds-original-channel.md) through the sandbox gateway: a refund
 * of gateway money goes back the way it came, the balance part to the balance; a refusal falls
 * back to the balance with a note and a notice; an unknown answer is settled by the sweep's query,
 * once; a repeat moves nothing twice; a refund racing its own notification settles once.
 */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const sdkUser = (account: string) => sdkPlayer(t, sdk, account, '1370000');
type User = Awaited<ReturnType<typeof sdkUser>>;

let seller: User;
let buyer: User;
let staffToken = '';
beforeAll(async () => {
  seller = await sdkUser('player1');
  buyer = await sdkUser('buyer1');
  // The balance part of a combined payment asks the payment password.
  await setPayPin(t, buyer.userId);
  staffToken = (await opsApi(t).staffMember('cs-refunds', 'cs', '小周')).token;
});

const balance = async () => (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
const inTransit = async () => (await balanceOf(t.db, Accounts.refundsInTransit)).posted;
const books = async () => [...(await checkLedger(t.db)), ...(await checkRefundsInTransit(t.db))];
const info = async (orderId: string) =>
  (await app.call(orderInfo, { orderId }, { token: buyer.token })).data as {
    status: number;
    note: string;
    refunds: Array<{ amount: number; way: string; state: string; text: string }>;
  };
/** The refund lines the buyer reads on the order's detail: [way, state, text, fen]. */
const linesOf = async (orderId: string) => (await info(orderId)).refunds.map((l) => [l.way, l.state, l.text, l.amount]);
const refundsOfOrder = (orderId: string) =>
  t.db.selectFrom('refunds').selectAll().where('purpose', '=', 'order').where('ref', '=', Number(orderId)).execute();
const resolve = (orderId: string, note = '买家反馈属实') =>
  t.app.inject({
    method: 'POST',
    url: `/ops/v1/orders/${orderId}/resolve`,
    headers: { authorization: `Bearer ${staffToken}` },
    payload: { decision: 'refund', note },
  });

let lot = 0;
/** A coin lot ordered by the buyer and paid as `pay` says, delivered, its receipt refused (-5). */
async function refusedOrder(price: number, pay: { channel: 1 | 4 } | { balancePart: number }) {
  const listed = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum: 10_000 + ++lot, price },
    { token: seller.token },
  );
  expectCode(listed, '200');
  const placed = await sdk.call(
    h5sdkOrderPlace,
    {
      ...buyer.pt,
      commodityId: (listed.data as { commodityId: string }).commodityId,
      requestKey: `refunds-${lot}-${Date.now()}`,
      agreement: true,
    },
    { token: buyer.token },
  );
  expectCode(placed, '200');
  const order = placed.data as { orderId: string; totalAmount: number };
  const started =
    'channel' in pay
      ? await app.call(
          wapAlipay,
          {
            bizNo: order.orderId,
            totalAmount: order.totalAmount,
            payPrice: order.totalAmount,
            payChannelType: pay.channel,
          },
          { token: buyer.token },
        )
      : await app.call(
          combinedPay,
          {
            bizNo: order.orderId,
            balancePrice: pay.balancePart,
            payPassword: TEST_PAY_PIN,
            totalPrice: order.totalAmount,
            price: order.totalAmount - pay.balancePart,
            payChannelType: 5,
          },
          { token: buyer.token },
        );
  expectCode(started, '200');
  const { tradeNo } = started.data as { tradeNo: string };
  await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
  await sweepDeliveries({ db: t.db, gateway: t.app.gateway });
  await expect.poll(async () => (await info(order.orderId)).status).toBe(OrderStatus.AWAITING_RECEIPT);
  expectCode(await app.call(itemReject, { orderId: order.orderId, reason: '数量不对' }, { token: buyer.token }), '200');
  return { ...order, tradeNo };
}

/** Money a test gives the buyer (a top-up), so a combined payment has a balance part. */
async function topUp(amount: number) {
  await transfer(t.db, {
    key: `refunds-topup-${Date.now()}-${amount}`,
    debit: Accounts.gateway('test-topup'),
    credit: Accounts.userAvailable(buyer.userId),
    amount,
    code: 'topup',
  });
}

describe('refunds to the original channel (原路退回)', () => {
  it('a 花呗 payment refunded by customer service goes back the way it came; the balance is unchanged', async () => {
    const order = await refusedOrder(2_600, { channel: 4 });
    const before = await balance();
    const gatewayBefore = (await balanceOf(t.db, Accounts.gateway('sandbox'))).posted;
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    expect(await balance()).toBe(before);
    const [refund] = await refundsOfOrder(order.orderId);
    expect(refund).toMatchObject({ status: 'succeeded', channel: 4, provider: 'sandbox', trade_no: order.tradeNo });
    expect(Number(refund?.amount_fen)).toBe(order.totalAmount);
    expect(refund?.refund_no).toMatch(/^RF[0-9a-f]{30}$/);
    expect((await balanceOf(t.db, Accounts.gateway('sandbox'))).posted).toBe(gatewayBefore + order.totalAmount);
    expect(await info(order.orderId)).toMatchObject({
      status: -21,
      note: '客服退款：买家反馈属实（客服 小周），物品已退回卖家，款项已原路退回',
    });
    expect(await linesOf(order.orderId)).toEqual([['花呗', 'returned', '已原路退回 花呗', order.totalAmount]]);
    // The sandbox's cashier shows the refund.
    const cashier = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${order.tradeNo}` });
    expect(cashier.body).toContain('退款记录');
    expect(cashier.body).toContain('已原路退回');
    expect(await inTransit()).toBe(0);
    expect(await books()).toEqual([]);
  });

  it('a combined payment: the balance part back to the balance, the rest back through the gateway', async () => {
    await topUp(700);
    const start = await balance();
    const order = await refusedOrder(3_000, { balancePart: 700 });
    expect(await balance()).toBe(start - 700);
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    expect(await balance()).toBe(start);
    const refunds = await refundsOfOrder(order.orderId);
    expect(refunds.map((r) => [r.status, Number(r.amount_fen), r.channel])).toEqual([
      ['succeeded', order.totalAmount - 700, 5],
    ]);
    expect((await info(order.orderId)).note).toContain('款项已原路退回，余额支付部分已退回买家余额');
    expect(await linesOf(order.orderId)).toEqual([
      ['支付宝', 'returned', '已原路退回 支付宝', order.totalAmount - 700],
      ['余额', 'balance', '已退回余额', 700],
    ]);
    expect(await books()).toEqual([]);
  });

  it('a refund the gateway refuses falls back to the balance, with a note and a notice', async () => {
    const order = await refusedOrder(1_900, { channel: 1 });
    await t.app.payments.sandbox?.refundMode(order.tradeNo, 'refuse');
    const before = await balance();
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    const [refund] = await refundsOfOrder(order.orderId);
    expect(refund?.status).toBe('returned');
    expect(refund?.note).toBe('款项原路退回失败，已退回余额（沙箱拒绝了这笔退款）');
    expect(await balance()).toBe(before + order.totalAmount);
    expect(await linesOf(order.orderId)).toEqual([['余额', 'balance', '原路退回失败，已退回余额', order.totalAmount]]);
    const notice = await t.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('user_id', '=', buyer.userId)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(notice.map((n) => n.title)).toContain('退款已退回余额');
    const fallback = await t.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount'])
      .where('key', '=', `origin-back:${refund?.refund_no}`)
      .execute();
    expect(fallback.map((f) => [f.code, Number(f.amount)])).toEqual([['refund_fallback', order.totalAmount]]);
    expect(await books()).toEqual([]);
  });

  it('a timeout leaves the refund unknown; the sweep asks the gateway and settles it once', async () => {
    const order = await refusedOrder(2_100, { channel: 1 });
    await t.app.payments.sandbox?.refundMode(order.tradeNo, 'timeout');
    const before = await balance();
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    const [unknown] = await refundsOfOrder(order.orderId);
    expect(unknown?.status).toBe('unknown');
    expect(await inTransit()).toBe(order.totalAmount);
    expect(await linesOf(order.orderId)).toEqual([
      ['支付宝', 'in_transit', '原路退回 支付宝，预计 1–3 个工作日到账', order.totalAmount],
    ]);
    expect(await books()).toEqual([]);
    // Not yet: asked about only once the answer has waited a minute.
    await t.app.payments.refunds.sweep(Date.now());
    expect((await refundsOfOrder(order.orderId))[0]?.status).toBe('unknown');
    await t.app.payments.refunds.sweep(Date.now() + REFUND_ANSWER_WAIT_MS + 1_000);
    await t.app.payments.refunds.sweep(Date.now() + 2 * REFUND_ANSWER_WAIT_MS + 2_000);
    const [settled] = await refundsOfOrder(order.orderId);
    expect(settled?.status).toBe('succeeded');
    expect(await balance()).toBe(before);
    expect(await inTransit()).toBe(0);
    // Sent once: one refund of that number at the gateway, one movement out of transit.
    const atGateway = await t.db
      .selectFrom('sandbox_refunds')
      .select('refund_no')
      .where('trade_no', '=', order.tradeNo)
      .execute();
    expect(atGateway).toHaveLength(1);
    const out = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('key', 'like', `origin-%:${settled?.refund_no}`)
      .execute();
    expect(out).toHaveLength(1);
    expect(await books()).toEqual([]);
  });

  it('a repeated refund does nothing twice: the same decision, the same request key, the same send', async () => {
    const order = await refusedOrder(1_500, { channel: 1 });
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    expect((await resolve(order.orderId, '再退一次')).json()).toMatchObject({
      code: '10002',
      msg: '订单不在拒绝收货状态',
    });
    const [refund] = await refundsOfOrder(order.orderId);
    // The same request again, inside a transaction as a purpose would: it finds its rows and moves nothing.
    const again = await t.db.transaction().execute((trx) =>
      refundToOrigin(trx, {
        purpose: 'order',
        ref: Number(order.orderId),
        userId: buyer.userId,
        amountFen: order.totalAmount,
        key: `refund:${order.orderId}`,
        reason: '重复',
      }),
    );
    expect(again).toEqual({ refundNos: [], toOriginFen: order.totalAmount, toBalanceFen: 0 });
    // Sent again (a retry after a crash): a settled refund is not claimed again.
    await originRefunds(t.app.payments.refunds.deps).sendOf('order', Number(order.orderId));
    expect(await refundsOfOrder(order.orderId)).toEqual([refund]);
    expect(
      await t.db.selectFrom('sandbox_refunds').select('refund_no').where('trade_no', '=', order.tradeNo).execute(),
    ).toHaveLength(1);
    // A wrong amount is refused before anything is written.
    await expect(
      t.db.transaction().execute((trx) =>
        refundToOrigin(trx, {
          purpose: 'order',
          ref: Number(order.orderId),
          userId: buyer.userId,
          amountFen: -1,
          key: 'refund:bad',
          reason: '错',
        }),
      ),
    ).rejects.toThrow('bad refund amount');
    expect(await books()).toEqual([]);
  });

  it(
    'a refund racing its own notification settles once',
    async () => {
      const order = await refusedOrder(2_300, { channel: 1 });
      await t.app.payments.sandbox?.refundMode(order.tradeNo, 'timeout');
      expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
      const [refund] = await refundsOfOrder(order.orderId);
      expect(refund?.status).toBe('unknown');
      const deps = t.app.payments.refunds.deps;
      const succeeded = { state: 'succeeded', providerRefundNo: 'NOTICE1' } as const;
      // The notification (applied as the route does), a second delivery of it, and the sweep's query, at once.
      const ended = await Promise.all([
        settleRefund(deps, refund!.refund_no, succeeded),
        settleRefund(deps, refund!.refund_no, succeeded),
        t.app.payments.refunds.sweep(Date.now() + REFUND_ANSWER_WAIT_MS + 1_000),
      ]);
      expect(ended.slice(0, 2)).toEqual(['succeeded', 'succeeded']);
      const moves = await t.db
        .selectFrom('ledger_transfers')
        .select(['key', 'amount'])
        .where('key', 'like', `origin-%:${refund!.refund_no}`)
        .execute();
      expect(moves.map((m) => [m.key, Number(m.amount)])).toEqual([
        [`origin-out:${refund!.refund_no}`, order.totalAmount],
      ]);
      // A refusal arriving after the success changes nothing (the ends are final).
      expect(await settleRefund(deps, refund!.refund_no, { state: 'refused', code: 'CLOSED', reason: '关闭' })).toBe(
        'succeeded',
      );
      expect(await books()).toEqual([]);
    },
    testDb === 'postgres' ? 30_000 : 15_000,
  );
  it('对账 asks the gateway about each refund of the day and lists the one its record disagrees with, fixing nothing', async () => {
    const order = await refusedOrder(2_200, { channel: 1 });
    expect((await resolve(order.orderId)).json()).toMatchObject({ code: '200' });
    const [refund] = await refundsOfOrder(order.orderId);
    expect(refund?.status).toBe('succeeded');
    // The sandbox's record of this refund says refused: money we count as gone that never left.
    await t.db
      .updateTable('sandbox_refunds')
      .set({ status: 'refused' })
      .where('refund_no', '=', refund!.refund_no)
      .execute();
    const ops = opsApi(t);
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const run = await ops.call<ReconcileRun>('POST', '/reconciliation/run', { token: finance, body: { day } });
    expect(run.code).toBe('200');
    const section = run.data.sections.find((s) => s.source === 'refunds' && s.provider === 'sandbox');
    expect(section?.mismatches).toEqual([
      {
        ref: `order:${order.orderId}`,
        number: refund!.refund_no,
        ours: 'succeeded',
        theirs: 'refused:SANDBOX_REFUSED',
        problem: '我方已退款，渠道未成功',
      },
    ]);
    // Every other refund sent today agrees with the gateway.
    expect(section?.matched).toBe((section?.checked ?? 0) - 1);
    const [after] = await refundsOfOrder(order.orderId);
    expect(after?.status).toBe('succeeded');
  });
});
