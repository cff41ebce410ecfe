import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { type Payable, Payables } from '../src/modules/payments/payable';
import { describePayable, payWithBalance, startPayment } from '../src/modules/payments/payment.service';
import { applyNotice } from '../src/modules/payments/payment-notice';
import { up } from '../src/platform/db/migrations/0047-payable-purpose-ref';
import { freshDatabase, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';

/**
 * The payments port (docs/decisions/0043-payable-purpose.md): a purpose the payments module has
 * never heard of is one adapter, registered; its payments name `(purpose, ref)`. And the migration
 * that moved the four purpose columns into `(purpose, ref)` keeps every row.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');

/** A purpose only this test knows: 打赏 (a tip) of some fen, its money landing on the payer's balance. */
function tipPayable(tips: Map<number, { userId: number; fen: number; paid: boolean }>, told: number[]): Payable {
  return {
    purpose: 'tip',
    tradePrefix: 'T',
    landing: { to: 'balance', code: 'deposit_payment', lateNote: '打赏已关闭，款项已在余额中' },
    refOf: (bizNo) => (/^T\d{1,9}$/.test(bizNo) ? Number(bizNo.slice(1)) : null),
    async owed(_db, userId, ref) {
      const tip = tips.get(ref);
      if (!tip || tip.userId !== userId || tip.paid) throw new Error('no tip to pay');
      return { ref, total: tip.fen, title: `打赏 ${ref}` };
    },
    async describe(_db, userId, ref) {
      const tip = tips.get(ref);
      if (!tip || tip.userId !== userId) throw new Error('no tip');
      return {
        bizNo: `T${ref}`,
        purpose: 'tip',
        open: !tip.paid,
        title: '打赏',
        heading: '打赏金额',
        amount: tip.fen,
        payBy: null,
        deadlineNote: '',
        expiredNote: '',
        goods: { title: `打赏 ${ref}`, subtitle: '', image: null },
        lines: [],
        totalLabel: '打赏',
        note: null,
        next: { page: 'offers', id: '' },
        paidToast: '打赏成功',
        coupon: null,
      };
    },
    async lock() {},
    async paid(_trx, ref) {
      const tip = tips.get(ref);
      if (!tip || tip.paid) return { paid: false };
      tip.paid = true;
      return { paid: true, afterCommit: () => void told.push(ref) };
    },
  };
}

describe(`the Payable port (${testDb})`, () => {
  it('a registered purpose is paid through a gateway and from the balance, its rows naming (purpose, ref)', async () => {
    const payer = await sdkPlayer(t, sdk, 'buyer1', '1367300');
    const tips = new Map([
      [1, { userId: payer.userId, fen: 300, paid: false }],
      [2, { userId: payer.userId, fen: 200, paid: false }],
    ]);
    const told: number[] = [];
    const payables = new Payables();
    payables.register(tipPayable(tips, told));
    expect(() => payables.register(tipPayable(tips, told))).toThrow('registered twice');
    const deps = { ...t.app.payments.paymentDeps, payables };
    const gatewayName = deps.gateways.alipay.name;

    const started = await startPayment(deps, {
      userId: payer.userId,
      orderId: 'T1',
      channel: 1,
      totalAmount: 300,
      balancePart: 0,
      thirdPart: 300,
      returnUrl: '',
      kind: 'wap',
    });
    expect(started.tradeNo).toMatch(/^T1/);
    // The one cashier renders what the purpose describes: open until paid, then closed.
    expect(await describePayable(deps, payer.userId, 'T1')).toMatchObject({ purpose: 'tip', open: true, amount: 300 });
    const notice = { tradeNo: started.tradeNo, amountFen: 300, providerTradeNo: 'x1', outcome: 'paid' as const };
    expect(await applyNotice(deps, gatewayName, notice)).toBe('paid');
    expect(await applyNotice(deps, gatewayName, notice)).toBe('repeat');
    expect(told).toEqual([1]);
    expect((await describePayable(deps, payer.userId, 'T1')).open).toBe(false);
    expect((await balanceOf(t.db, Accounts.userAvailable(payer.userId))).available).toBe(300);

    // The balance now pays the second tip at once.
    expect(
      (await payWithBalance(deps, { userId: payer.userId, orderId: 'T2', totalAmount: 200, balancePrice: 200 })).paid,
    ).toBe(true);
    expect(told).toEqual([1, 2]);
    const rows = await t.db
      .selectFrom('payments')
      .select(['purpose', 'ref', 'status'])
      .where('purpose', '=', 'tip')
      .orderBy('ref')
      .execute();
    expect(rows).toEqual([
      { purpose: 'tip', ref: 1, status: 'paid' },
      { purpose: 'tip', ref: 2, status: 'paid' },
    ]);
    // The app's own payables do not know it: a bizNo of no registered purpose is 订单不存在.
    await expect(
      payWithBalance(t.app.payments.paymentDeps, {
        userId: payer.userId,
        orderId: 'T3',
        totalAmount: 1,
        balancePrice: 1,
      }),
    ).rejects.toThrow('订单不存在');
  });
});

describe(`the (purpose, ref) migration (${testDb})`, () => {
  const fresh = freshDatabase();
  afterAll(async () => (await fresh).drop());

  it('fills purpose and ref from the four columns for every row, then drops them', async () => {
    const { db } = await fresh;
    // The payments table as it was before the migration (without its foreign keys: no rows to point at).
    for (const statement of [
      'alter table payments drop constraint payments_user_id_fkey',
      'drop index payments_payable_idx',
      'alter table payments drop constraint payments_purpose_check',
      'alter table payments drop column purpose',
      'alter table payments drop column ref',
      'alter table payments add column order_id integer',
      'alter table payments add column deposit_id integer',
      'alter table payments add column broker_order_id integer',
      'alter table payments add column coin_bid_id integer',
      `alter table payments add constraint payments_one_payable check (
         (order_id is not null)::int + (deposit_id is not null)::int + (broker_order_id is not null)::int
           + (coin_bid_id is not null)::int = 1)`,
      'create index payments_order_idx on payments (order_id)',
      'create index payments_deposit_idx on payments (deposit_id) where deposit_id is not null',
      'create index payments_broker_order_idx on payments (broker_order_id) where broker_order_id is not null',
      'create index payments_coin_bid_idx on payments (coin_bid_id) where coin_bid_id is not null',
      `insert into payments (trade_no, order_id, deposit_id, broker_order_id, coin_bid_id, user_id, channel, provider, third_fen, balance_fen)
       values ('P7a', 7, null, null, null, 1, 1, 'sandbox', 100, 0), ('D8a', null, 8, null, null, 1, 1, 'sandbox', 100, 0),
              ('B9a', null, null, 9, null, 1, 5, 'sandbox', 50, 50), ('Q10a', null, null, null, 10, 1, 3, 'balance', 0, 100)`,
    ])
      await sql.raw(statement).execute(db);
    for (const statement of up) await sql.raw(statement).execute(db);
    const rows = await db.selectFrom('payments').select(['trade_no', 'purpose', 'ref']).orderBy('trade_no').execute();
    expect(rows).toEqual([
      { trade_no: 'B9a', purpose: 'broker', ref: 9 },
      { trade_no: 'D8a', purpose: 'deposit', ref: 8 },
      { trade_no: 'P7a', purpose: 'order', ref: 7 },
      { trade_no: 'Q10a', purpose: 'bid', ref: 10 },
    ]);
    const nullable = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'payments' and column_name in ('purpose', 'ref', 'order_id', 'deposit_id', 'broker_order_id', 'coin_bid_id')
        and is_nullable = 'YES'`.execute(db);
    expect(nullable.rows[0]?.n).toBe(0);
  });
});
