import { publishCoin } from '@app/protocol/calls/consignment';
import { cancelOrder, h5sdkOrderPlace, orderInfo } from '@app/protocol/calls/orders';
import { balancePay, combinedPay, isAvailableCombinationPay, payableDetail, wapAlipay } from '@app/protocol/calls/pay';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expireUnpaidOrders } from '../src/modules/orders/order.service';
import { fenToYuanText } from '../src/modules/payments/pay-gateway';
import { startPayment } from '../src/modules/payments/payment.service';
import { SANDBOX_APP_ID, SANDBOX_SELLER_ID, sandboxSign } from '../src/modules/payments/sandbox-gateway';
import { ensureSecret } from '../src/platform/secrets';
import { expectCode, sdkPlayer, setPayPin, TEST_PAY_PIN, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

const _seq = 0;
const sdkUser = (account: string) => sdkPlayer(t, sdk, account, '1320000');

type User = Awaited<ReturnType<typeof sdkUser>>;
let seller: User;
let buyer: User;
let lot = 0;
/** A coin lot of the seller, ordered by the buyer: answers the order id and its total. */
async function orderedLot(price: number) {
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
      requestKey: `pay-test-${lot}`,
      agreement: true,
    },
    { token: buyer.token },
  );
  expectCode(placed, '200');
  return placed.data as { orderId: string; totalAmount: number };
}
const statusOf = async (orderId: string) =>
  ((await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { status: number }).status;
/** Paid; the game may already have delivered (the delivery starts as soon as the order is paid). */
const PAID_OR_DELIVERED = [OrderStatus.PAID, OrderStatus.AWAITING_RECEIPT];
const escrow = async () => (await balanceOf(t.db, Accounts.escrow)).posted;
const books = () => checkLedger(t.db);

/** What the sandbox would send for a trade, signed with the given secret. */
async function notice(tradeNo: string, amountFen: number, secret?: string) {
  const params: Record<string, string> = {
    app_id: SANDBOX_APP_ID,
    seller_id: SANDBOX_SELLER_ID,
    out_trade_no: tradeNo,
    trade_no: `SBXTEST${tradeNo}`,
    total_amount: fenToYuanText(amountFen),
    trade_status: 'TRADE_SUCCESS',
    notify_time: new Date().toISOString(),
  };
  params.sign = sandboxSign(secret ?? (await ensureSecret(t.db, 'sandboxPay')), params);
  return (await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: params })).body;
}

beforeAll(async () => {
  seller = await sdkUser('player1');
  buyer = await sdkUser('buyer1');
});

describe('paying through the sandbox gateway', () => {
  it("describes an order to its buyer's cashier, closed once cancelled; to anyone else it does not exist", async () => {
    const order = await orderedLot(2_000);
    const describe = (token: string, bizNo = order.orderId) => app.call(payableDetail, { bizNo }, { token });
    const open = await describe(buyer.token);
    expectCode(open, '200');
    expect(open.data).toMatchObject({
      purpose: 'order',
      open: true,
      amount: order.totalAmount,
      next: { page: 'order', id: order.orderId },
      coupon: { orderId: order.orderId, held: null, locked: false },
    });
    expect((open.data as { lines: { key: string }[] }).lines.map((l) => l.key)).toContain('price');
    for (const [token, bizNo] of [
      [seller.token, order.orderId],
      [buyer.token, '99999999'],
      [buyer.token, 'D99999'],
      [buyer.token, 'X1'],
    ] as const) {
      const refused = await describe(token, bizNo);
      expectCode(refused, '10002');
      expect(refused.msg).toMatch(/不存在/);
    }
    // Cancelled (as the tests after this one expect: no unpaid order of this one left), it is closed.
    expectCode(await app.call(cancelOrder, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect((await describe(buyer.token)).data).toMatchObject({ open: false, purpose: 'order' });
  });

  it('refuses wrong amounts; pays once through the cashier; refuses forged and mismatched notifications; a repeat changes nothing', async () => {
    const order = await orderedLot(12_345);
    const pay = (over: Record<string, unknown> = {}) =>
      app.call(
        wapAlipay,
        {
          bizNo: order.orderId,
          totalAmount: 12_345,
          payPrice: 12_345,
          returnUrl: '/h5/pages/index/index',
          ...over,
        } as never,
        { token: buyer.token },
      );
    expectCode(await pay({ totalAmount: 12_000, payPrice: 12_000 }), '10002', '支付金额与订单金额不一致，请刷新后重试');
    const started = await pay();
    expectCode(started, '200');
    const { tradeNo, payUrl } = started.data as { tradeNo: string; payUrl: string };
    expect(payUrl).toBe(`/sandbox/pay/${tradeNo}`);
    expect(((await pay()).data as { tradeNo: string }).tradeNo).toBe(tradeNo);
    const cashier = await t.app.inject({ method: 'GET', url: payUrl });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.body).toContain('¥123.45');

    expect(await notice(tradeNo, 12_345, 'not-the-secret')).toBe('fail');
    expect(await notice(tradeNo, 12_300)).toBe('fail');
    expect(await statusOf(order.orderId)).toBe(OrderStatus.AWAITING_PAYMENT);

    const before = await escrow();
    const paid = (await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` })).json();
    expect(paid).toMatchObject({ ok: true, acknowledged: true, returnUrl: '/h5/pages/index/index' });
    expect(PAID_OR_DELIVERED).toContain(await statusOf(order.orderId));
    expect(await escrow()).toBe(before + 12_345);
    // The same notification again (a gateway resends until it hears 'success'): answered, nothing moves.
    expect(await notice(tradeNo, 12_345)).toBe('success');
    expect(await escrow()).toBe(before + 12_345);
    expect(await books()).toEqual([]);
  });

  it('resends an unanswered notification until it is answered', async () => {
    const order = await orderedLot(2_000);
    const { tradeNo } = (
      await app.call(wapAlipay, { bizNo: order.orderId, totalAmount: 2_000, payPrice: 2_000 }, { token: buyer.token })
    ).data as { tradeNo: string };
    // The exchange is unreachable at first.
    await t.db
      .updateTable('sandbox_trades')
      .set({ notify_url: '/pay/notify/nowhere' })
      .where('trade_no', '=', tradeNo)
      .execute();
    const first = (await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` })).json();
    expect(first.acknowledged).toBe(false);
    const trade = await t.db
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(trade.attempts).toBe(1);
    expect(trade.next_attempt_at!.getTime()).toBeGreaterThan(Date.now());
    expect(await statusOf(order.orderId)).toBe(OrderStatus.AWAITING_PAYMENT);
    await t.db
      .updateTable('sandbox_trades')
      .set({ notify_url: '/pay/notify/sandbox' })
      .where('trade_no', '=', tradeNo)
      .execute();
    expect(await t.app.payments.sandbox!.deliverDue(Date.now())).toBe(0);
    expect(await t.app.payments.sandbox!.deliverDue(Date.now() + 3_000)).toBe(1);
    expect(PAID_OR_DELIVERED).toContain(await statusOf(order.orderId));
    expect(await books()).toEqual([]);
  });

  it('a payment that arrives after the order expired goes back the way it came (原路退回)', async () => {
    const order = await orderedLot(3_300);
    const { tradeNo } = (
      await app.call(wapAlipay, { bizNo: order.orderId, totalAmount: 3_300, payPrice: 3_300 }, { token: buyer.token })
    ).data as { tradeNo: string };
    const balance = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    expect(await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 16 * 60_000)).toBe(1);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.PAYMENT_TIMEOUT);
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(balance);
    expect(await statusOf(order.orderId)).toBe(OrderStatus.PAYMENT_TIMEOUT);
    const payment = await t.db
      .selectFrom('payments')
      .select(['status', 'note'])
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'refunded', note: '订单已关闭，款项原路退回' });
    const refunds = await t.db
      .selectFrom('refunds')
      .select(['status', 'amount_fen'])
      .where('trade_no', '=', tradeNo)
      .execute();
    expect(refunds.map((r) => [r.status, Number(r.amount_fen)])).toEqual([['succeeded', 3_300]]);
    expect(await books()).toEqual([]);
  });

  it('pays from the balance at once, or reserves the balance part of a combined payment', async () => {
    await transfer(t.db, {
      key: 'test-topup-1',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: 5_000,
      code: 'topup',
    });
    const start = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const small = await orderedLot(1_500);
    expectCode(
      await app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: small.orderId, totalAmount: 1_500, balancePrice: 1_400 },
        { token: buyer.token },
      ),
      '10002',
      '支付金额与订单金额不一致，请刷新后重试',
    );
    expect(
      (
        await app.call(
          balancePay,
          { payPassword: TEST_PAY_PIN, bizNo: small.orderId, totalAmount: 1_500, balancePrice: 1_500 },
          { token: buyer.token },
        )
      ).data,
    ).toMatchObject({ paid: true });
    expect(PAID_OR_DELIVERED).toContain(await statusOf(small.orderId));
    expectCode(
      await app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: small.orderId, totalAmount: 1_500, balancePrice: 1_500 },
        { token: buyer.token },
      ),
      '10002',
      '订单已支付或已关闭',
    );
    const left = start - 1_500;
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(left);

    const big = await orderedLot(left + 1_000);
    expectCode(
      await app.call(
        balancePay,
        { payPassword: TEST_PAY_PIN, bizNo: big.orderId, totalAmount: left + 1_000, balancePrice: left + 1_000 },
        { token: buyer.token },
      ),
      '10002',
      '余额不足',
    );
    expect((await app.call(isAvailableCombinationPay, { bizNo: big.orderId }, { token: buyer.token })).data).toEqual({
      available: true,
      balance: left,
      totalAmount: left + 1_000,
    });
    const combined = (
      await app.call(
        combinedPay,
        {
          payPassword: TEST_PAY_PIN,
          bizNo: big.orderId,
          balancePrice: left,
          totalPrice: left + 1_000,
          price: 1_000,
          payChannelType: 5,
        },
        { token: buyer.token },
      )
    ).data as { tradeNo: string };
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toMatchObject({ available: 0, reserved: left });
    // Cancelled before the rest is paid: the reserved part is the buyer's again.
    await app.call(cancelOrder, { orderId: big.orderId }, { token: buyer.token });
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toMatchObject({ available: left, reserved: 0 });
    expect(combined.tradeNo).toMatch(/^P/);

    const again = await orderedLot(left + 1_000);
    const next = (
      await app.call(
        combinedPay,
        {
          payPassword: TEST_PAY_PIN,
          bizNo: again.orderId,
          balancePrice: left,
          totalPrice: left + 1_000,
          price: 1_000,
          payChannelType: 6,
        },
        { token: buyer.token },
      )
    ).data as { tradeNo: string };
    const before = await escrow();
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${next.tradeNo}/succeed` });
    expect(PAID_OR_DELIVERED).toContain(await statusOf(again.orderId));
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toMatchObject({
      available: 0,
      reserved: 0,
      posted: 0,
    });
    expect(await escrow()).toBe(before + left + 1_000);
    expect(await books()).toEqual([]);
  });

  it('asks the payment password before the balance pays all or part; a wrong or missing one changes nothing', async () => {
    await transfer(t.db, {
      key: 'test-topup-pin',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(buyer.userId),
      amount: 3_000,
      code: 'topup',
    });
    const start = await balanceOf(t.db, Accounts.userAvailable(buyer.userId));
    const order = await orderedLot(1_000);
    const byBalance = (payPassword?: string) =>
      app.call(
        balancePay,
        { bizNo: order.orderId, totalAmount: 1_000, balancePrice: 1_000, ...(payPassword ? { payPassword } : {}) },
        { token: buyer.token },
      );
    const tries = async () =>
      (
        await t.db
          .selectFrom('pay_passwords')
          .select('failed_tries')
          .where('user_id', '=', buyer.userId)
          .executeTakeFirstOrThrow()
      ).failed_tries;
    expectCode(await byBalance(), '10002', '请输入支付密码');
    expect(await tries()).toBe(0);
    expectCode(await byBalance('12345'), '10002', '支付密码须为6位数字');
    expectCode(await byBalance('000001'), '10002', '支付密码错误，还可尝试4次');
    expect(await statusOf(order.orderId)).toBe(OrderStatus.AWAITING_PAYMENT);
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toEqual(start);
    // The balance part of a combined payment asks it too; the third party alone does not.
    const big = await orderedLot(start.available + 500);
    const combined = (payPassword?: string) =>
      app.call(
        combinedPay,
        {
          bizNo: big.orderId,
          balancePrice: start.available,
          totalPrice: start.available + 500,
          price: 500,
          payChannelType: 5,
          ...(payPassword ? { payPassword } : {}),
        },
        { token: buyer.token },
      );
    expectCode(await combined(), '10002', '请输入支付密码');
    expectCode(await combined('000002'), '10002', '支付密码错误，还可尝试3次');
    expectCode(
      await app.call(
        wapAlipay,
        { bizNo: big.orderId, totalAmount: start.available + 500, balancePrice: 100, payPrice: start.available + 400 },
        { token: buyer.token },
      ),
      '10002',
      '请输入支付密码',
    );
    expect(await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).toEqual(start);
    expect(await t.db.selectFrom('payments').select('id').where('ref', '=', Number(big.orderId)).execute()).toEqual([]);
    // The right one pays, and the count of wrong tries starts again.
    expect((await byBalance(TEST_PAY_PIN)).data).toMatchObject({ paid: true });
    expect(await tries()).toBe(0);
    expect(PAID_OR_DELIVERED).toContain(await statusOf(order.orderId));
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(start.available - 1_000);
    expectCode(
      await app.call(
        wapAlipay,
        { bizNo: big.orderId, totalAmount: start.available + 500, payPrice: start.available + 500 },
        { token: buyer.token },
      ),
      '200',
    );
    // A buyer who never set one is sent to set it first (as Alipay asks before the first balance payment).
    await t.db.deleteFrom('pay_passwords').where('user_id', '=', buyer.userId).execute();
    const other = await orderedLot(500);
    expectCode(
      await app.call(
        balancePay,
        { bizNo: other.orderId, totalAmount: 500, balancePrice: 500, payPassword: TEST_PAY_PIN },
        { token: buyer.token },
      ),
      '10002',
      '请先设置支付密码',
    );
    expect(await statusOf(other.orderId)).toBe(OrderStatus.AWAITING_PAYMENT);
    await setPayPin(t, buyer.userId);
    expect(await books()).toEqual([]);
  });

  it('returns gray users to the pre environment after paying, and no one anywhere else', async () => {
    const deps = { ...t.app.payments.paymentDeps, landingOrigin: 'https://pre.market.example' };
    const returnOf = async (returnUrl: string) => {
      const order = await orderedLot(1_100);
      const started = await startPayment(deps, {
        userId: buyer.userId,
        orderId: order.orderId,
        channel: 1,
        totalAmount: 1_100,
        balancePart: 0,
        thirdPart: 1_100,
        returnUrl,
        kind: 'wap',
      });
      const trade = await t.db
        .selectFrom('sandbox_trades')
        .select('return_url')
        .where('trade_no', '=', started.tradeNo)
        .executeTakeFirstOrThrow();
      return trade.return_url;
    };
    expect(await returnOf('https://pre.market.example/h5/pages/orderNew/orderDetail/orderDetail?orderId=1')).toBe(
      'https://pre.market.example/h5/pages/orderNew/orderDetail/orderDetail?orderId=1',
    );
    expect(await returnOf('https://elsewhere.example/phish')).toBe('');
    expect(await returnOf('//elsewhere.example/phish')).toBe('');
    expect(await returnOf('/h5/pages/index/index')).toBe('/h5/pages/index/index');
  });
});
