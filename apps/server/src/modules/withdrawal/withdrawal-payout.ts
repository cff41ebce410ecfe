import { ErrorCode } from '@app/protocol/errors';
import type { Selectable } from 'kysely';
import { AppError } from '../../platform/errors';
import type { PayoutOutcome, PayoutProvider } from './payout-provider';
import { type FinalStatus, finishWithdrawal, type WithdrawalDeps } from './withdrawal.service';
import { type WithdrawalsTable, withdrawalDb } from './withdrawal.tables';
import { notHeld } from './withdrawal-holds';
import { SENT_STATUSES } from './withdrawal-status';

type Row = Selectable<WithdrawalsTable>;

/** A transfer handed over this long ago without an answer is asked about (a crash between send and answer). */
const ANSWER_WAIT_MS = 60_000;

/** Moves a sent row by what the provider said; a row another caller already moved stays as it is. */
async function apply(deps: WithdrawalDeps, row: Row, outcome: PayoutOutcome): Promise<'paid' | 'ended' | 'open'> {
  const end = (to: FinalStatus, extra: { reason?: string; providerRef?: string }) =>
    finishWithdrawal(deps, row, row.status, to, extra);
  if (outcome.state === 'paid') return (await end('paid', { providerRef: outcome.ref })) ? 'paid' : 'open';
  if (outcome.state === 'refused') {
    await end('failed', { reason: `${outcome.reason}，金额已退回余额` });
    return 'ended';
  }
  const next =
    outcome.state === 'confirming'
      ? { status: 'confirming' as const, package_info: outcome.packageInfo, provider_ref: outcome.ref }
      : outcome.state === 'pending'
        ? { status: row.status, provider_ref: outcome.ref ?? row.provider_ref }
        : { status: 'unknown' as const, reason: `打款结果待确认（${outcome.reason}）` };
  await withdrawalDb(deps.db)
    .updateTable('withdrawals')
    .set({ ...next, updated_at: new Date() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .execute();
  return 'open';
}

const request = (deps: WithdrawalDeps, row: Row) => ({
  outBizNo: row.out_biz_no,
  accountNo: deps.pii.open(row.account_no_sealed),
  accountName: row.account_name_sealed ? deps.pii.open(row.account_name_sealed) : row.account_name_masked,
  amountFen: Number(row.amount_fen) - Number(row.fee_fen),
  remark: '交易猫余额提现',
});

/**
 * Settles a sent transfer by asking the provider about its number. When the provider has no
 * record of it (the request never arrived), it is sent again with the same number, as Alipay and
 * WeChat document: the provider pays one number once, so this never pays twice.
 */
export async function settleByQuery(deps: WithdrawalDeps, row: Row): Promise<'paid' | 'ended' | 'open'> {
  // The channel that holds it; one no longer configured is left as it is (asked about when it is back).
  const payout = deps.payouts.byName(row.provider);
  if (!payout) return 'open';
  const found = await payout.query(row.out_biz_no);
  if (found.state !== 'absent') return apply(deps, row, found);
  if (row.status === 'confirming') return 'open';
  return apply(deps, row, await payout.pay(request(deps, row)));
}

/**
 * Pays reviewed requests out: reviewing → paying (claimed once, marked sent before the call) →
 * what the provider answers. Then asks the provider about every transfer left paying (no answer
 * for a minute), unknown or waiting for 确认收款. Answers how many were paid.
 */
export async function sweepWithdrawals(deps: WithdrawalDeps, now = (deps.now ?? Date.now)()): Promise<number> {
  let paid = 0;
  for (const payout of deps.payouts.all) paid += await sweepChannel(deps, payout, now);
  return paid;
}

/** One channel's part of the sweep: the rows that name it. */
async function sweepChannel(deps: WithdrawalDeps, payout: PayoutProvider, now: number): Promise<number> {
  const db = withdrawalDb(deps.db);
  const due = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'reviewing')
    .where('review_after', '<=', new Date(now))
    // Staff's hold on a user's withdrawals (withdrawal-holds.ts): his requests wait, unpaid.
    .where(notHeld)
    .where('provider', '=', payout.name)
    .orderBy('id')
    .limit(50)
    .execute();
  let paid = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable('withdrawals')
      .set({ status: 'paying', sent_at: new Date(now), updated_at: new Date(now) })
      .where('id', '=', row.id)
      .where('status', '=', 'reviewing')
      .where(notHeld)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) continue;
    if ((await apply(deps, claimed, await payout.pay(request(deps, claimed)))) === 'paid') paid++;
  }
  const sent = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', 'in', SENT_STATUSES)
    .where('updated_at', '<=', new Date(now - ANSWER_WAIT_MS))
    .where('provider', '=', payout.name)
    .orderBy('id')
    .limit(50)
    .execute();
  for (const row of sent) if ((await settleByQuery(deps, row)) === 'paid') paid++;
  return paid;
}

/** A provider's notification of one transfer (already verified): settled by the provider's query, like the sweep. */
export async function settleNotified(deps: WithdrawalDeps, provider: string, outBizNo: string): Promise<void> {
  const row = await withdrawalDb(deps.db)
    .selectFrom('withdrawals')
    .selectAll()
    .where('provider', '=', provider)
    .where('out_biz_no', '=', outBizNo)
    .where('status', 'in', SENT_STATUSES)
    .executeTakeFirst();
  if (row) await settleByQuery(deps, row);
}

async function inReview(deps: WithdrawalDeps, id: number): Promise<Row> {
  const row = await withdrawalDb(deps.db).selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '提现记录不存在');
  if (row.status !== 'in_review') throw new AppError(ErrorCode.BAD_PARAMS, '该提现已处理，请刷新后查看');
  return row;
}

/** Staff approve: in_review → reviewing, due now (the sweep pays it). Once: a second approval is refused. */
export async function approveWithdrawal(deps: WithdrawalDeps, id: number, staffId: number): Promise<Row> {
  await inReview(deps, id);
  const now = (deps.now ?? Date.now)();
  const moved = await withdrawalDb(deps.db)
    .updateTable('withdrawals')
    .set({ status: 'reviewing', review_after: new Date(now), reviewed_by: staffId, updated_at: new Date(now) })
    .where('id', '=', id)
    .where('status', '=', 'in_review')
    .returningAll()
    .executeTakeFirst();
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '该提现已处理，请刷新后查看');
  return moved;
}

/** Staff refuse: in_review → refused, the money back on the balance through the ledger. */
export async function refuseWithdrawal(deps: WithdrawalDeps, id: number, staffId: number, reason: string) {
  const row = await inReview(deps, id);
  const text = `审核未通过：${reason}，金额已退回余额`;
  if (!(await finishWithdrawal(deps, row, 'in_review', 'refused', { reason: text, reviewedBy: staffId })))
    throw new AppError(ErrorCode.BAD_PARAMS, '该提现已处理，请刷新后查看');
}
