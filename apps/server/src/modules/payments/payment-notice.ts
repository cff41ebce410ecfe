import type { Db } from '../../platform/db/database';
import { Accounts, resolvePending, type TransferInput, transfer, transferState } from '../ledger/ledger';
import { lockAccountOpen } from '../user/user.service';
import type { VerifiedNotice } from './pay-gateway';
import type { PaidAnswer, Payable } from './payable';
import { type PaymentDeps, runAfterPaid } from './payment.service';
import { releaseBalanceHold } from './payment-holds';
import { paymentsDb } from './payments.tables';
import { openRefund, refundToOrigin } from './refunds';

export type NoticeOutcome = 'paid' | 'repeat' | 'late-refunded' | 'refund-owed' | 'closed' | 'refused';

type NotifiedPayment = {
  id: number;
  trade_no: string;
  purpose: string;
  provider: string;
  user_id: number;
  third_fen: number;
  channel: number;
  ref: number;
  status: string;
};

/**
 * A verified notification, applied once: the third-party money enters the escrow (or the buyer's
 * balance, for a payable that lands there), the balance part is taken, the payable is paid, all in
 * one transaction. A repeat changes nothing. A payment for a payable that ended meanwhile (支付超时,
 * 取消) goes to the buyer's balance instead of vanishing. A payment of an account closed meanwhile
 * never reaches a balance: it is owed back through its channel (`oweBack`). An amount that is not
 * the payment's is refused.
 */
export async function applyNotice(
  deps: PaymentDeps,
  gatewayName: string,
  notice: VerifiedNotice,
): Promise<NoticeOutcome> {
  const payment = await paymentsDb(deps.db)
    .selectFrom('payments')
    .selectAll()
    .where('trade_no', '=', notice.tradeNo)
    .executeTakeFirst();
  if (!payment || payment.provider !== gatewayName) return 'refused';
  if (notice.amountFen !== Number(payment.third_fen)) return 'refused';
  if (notice.outcome === 'closed') {
    if (payment.status !== 'created') return 'repeat';
    await deps.db.transaction().execute(async (trx) => {
      const closed = await paymentsDb(trx)
        .updateTable('payments')
        .set({ status: 'closed', updated_at: new Date() })
        .where('id', '=', payment.id)
        .where('status', '=', 'created')
        .returning('id')
        .executeTakeFirst();
      if (closed && Number(payment.balance_fen) > 0) await releaseBalanceHold(trx, payment.trade_no);
    });
    return 'closed';
  }
  if (payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'refund_owed') return 'repeat';
  const payable = deps.payables.find(payment.purpose);
  if (!payable) return 'refused';
  const result: Applied = await deps.db.transaction().execute(async (trx) => {
    const now = new Date((deps.now ?? Date.now)());
    // The payer's row first (a closing account waits, or has closed and the money is owed back).
    if (!(await lockAccountOpen(trx, payment.user_id))) return oweBack(trx, gatewayName, payment, notice, now);
    return payable.landing.to === 'escrow'
      ? intoEscrow(trx, payable, gatewayName, payment, notice, now)
      : intoBalance(trx, payable, payable.landing, gatewayName, payment, notice, now);
  });
  if (result.answer) await runAfterPaid(deps, result.outcome === 'paid', result.answer);
  if (result.refundNos?.length) await deps.sendRefunds?.(result.refundNos);
  return result.outcome;
}

type Applied = { outcome: NoticeOutcome; answer?: PaidAnswer; refundNos?: string[] };

/**
 * The one claim of a notified payment (created or closed → `status`, once), then its money moved
 * from the gateway as `money` says; answers false when another notification claimed it first.
 */
async function claimThenTransfer(
  trx: Db,
  payment: NotifiedPayment,
  notice: VerifiedNotice,
  now: Date,
  claim: { status: 'paid' | 'refund_owed'; note?: string; beforeTransfer?: () => Promise<void> },
  money: Omit<TransferInput, 'amount'>,
): Promise<boolean> {
  const claimed = await paymentsDb(trx)
    .updateTable('payments')
    .set({
      status: claim.status,
      paid_at: now,
      provider_trade_no: notice.providerTradeNo,
      updated_at: now,
      ...(claim.note ? { note: claim.note } : {}),
    })
    .where('id', '=', payment.id)
    .where('status', 'in', ['created', 'closed'])
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return false;
  await claim.beforeTransfer?.();
  await transfer(trx, { ...money, amount: Number(payment.third_fen) });
  return true;
}

/** The payable is paid by the money (an order, a broker order): into the escrow, or to the balance when it ended. */
async function intoEscrow(
  trx: Db,
  payable: Payable,
  gatewayName: string,
  payment: NotifiedPayment,
  notice: VerifiedNotice,
  now: Date,
): Promise<Applied> {
  // Ledger transfers name the exchange order they belong to (a broker order's key names it instead).
  const ledgerLink = payable.ledgerLink?.(payment.ref) ?? {};
  const money = { key: `pay:${payment.trade_no}`, debit: Accounts.gateway(gatewayName), credit: Accounts.escrow };
  if (
    !(await claimThenTransfer(
      trx,
      payment,
      notice,
      now,
      { status: 'paid' },
      { ...money, code: 'payment', ...ledgerLink },
    ))
  )
    return { outcome: 'repeat' };
  const holdKey = `hold:${payment.trade_no}`;
  const hold = await transferState(trx, holdKey);
  const answer =
    payment.status === 'created' && (hold === undefined || hold === 'pending')
      ? await payable.paid(trx, payment.ref, { channel: payment.channel, now })
      : undefined;
  if (answer?.paid) {
    if (hold) await resolvePending(trx, { key: `${holdKey}:post`, pendingKey: holdKey, action: 'post' });
    return { outcome: 'paid', answer };
  }
  // The payable ended (or another payment won): the money goes back the way it came (原路退回).
  const plan = await refundToOrigin(
    trx,
    {
      purpose: payable.purpose,
      ref: payment.ref,
      userId: payment.user_id,
      amountFen: Number(payment.third_fen),
      key: `late:${payment.trade_no}`,
      reason: '订单已关闭，款项原路退回',
      code: 'refund_late_payment',
      ...ledgerLink,
    },
    payment.trade_no,
  );
  if (hold === 'pending') await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
  await paymentsDb(trx)
    .updateTable('payments')
    .set({ status: 'refunded', note: '订单已关闭，款项原路退回' })
    .where('id', '=', payment.id)
    .execute();
  return { outcome: 'late-refunded', refundNos: plan.refundNos, ...(answer ? { answer } : {}) };
}

/**
 * The payable holds the money from the balance (a deposit, a bid): the third-party money enters
 * the buyer's balance, the balance part reserved at the start is freed, and the payable holds the
 * whole amount if it still waits; otherwise it stays on the balance (a late payment, or a proposal
 * or bid that ended meanwhile, is never lost).
 */
async function intoBalance(
  trx: Db,
  payable: Payable,
  landing: { code: string; lateNote: string },
  gatewayName: string,
  payment: NotifiedPayment,
  notice: VerifiedNotice,
  now: Date,
): Promise<Applied> {
  const claimed = await claimThenTransfer(
    trx,
    payment,
    notice,
    now,
    { status: 'paid', beforeTransfer: async () => payable.lockRow?.(trx, payment.ref) },
    {
      key: `pay:${payment.trade_no}`,
      debit: Accounts.gateway(gatewayName),
      credit: Accounts.userAvailable(payment.user_id),
      code: landing.code,
    },
  );
  if (!claimed) return { outcome: 'repeat' };
  const holdKey = `hold:${payment.trade_no}`;
  if ((await transferState(trx, holdKey)) === 'pending')
    await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
  const answer = await payable.paid(trx, payment.ref, { channel: payment.channel, now });
  if (!answer.paid)
    await paymentsDb(trx)
      .updateTable('payments')
      .set({ status: 'refunded', note: landing.lateNote })
      .where('id', '=', payment.id)
      .execute();
  return { outcome: answer.paid ? 'paid' : 'late-refunded', answer };
}

/**
 * A payment that landed for an account closed meanwhile (issue 31): claimed once as 'refund_owed',
 * never credited to the closed account: refunded the way it came (gateway → refunds in transit, a
 * refund row sent after the commit); should the gateway refuse, it waits in platform:refunds_owed
 * for staff. A balance part it still reserved is released.
 */
async function oweBack(
  trx: Db,
  gatewayName: string,
  payment: NotifiedPayment,
  notice: VerifiedNotice,
  now: Date,
): Promise<Applied> {
  let refundNo: string | null = null;
  const claimed = await paymentsDb(trx)
    .updateTable('payments')
    .set({
      status: 'refund_owed',
      paid_at: now,
      provider_trade_no: notice.providerTradeNo,
      updated_at: now,
      note: '账号已注销，款项将原路退回',
    })
    .where('id', '=', payment.id)
    .where('status', 'in', ['created', 'closed'])
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return { outcome: 'repeat' };
  refundNo = await openRefund(
    trx,
    {
      key: `owed:${payment.trade_no}`,
      purpose: payment.purpose,
      ref: payment.ref,
      userId: payment.user_id,
      reason: '账号已注销，款项原路退回',
    },
    { ...payment, provider: gatewayName },
    Number(payment.third_fen),
    { from: Accounts.gateway(gatewayName), code: 'refund_owed' },
  );
  const holdKey = `hold:${payment.trade_no}`;
  if ((await transferState(trx, holdKey)) === 'pending')
    await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
  return { outcome: 'refund-owed', refundNos: [refundNo] };
}
