import { DEFAULT_WITHDRAWAL_CONFIG, withdrawalStatusLabel } from '@app/protocol/calls/withdrawal';
import { ErrorCode } from '@app/protocol/errors';
import type { ConsoleWithdrawal, ReviewReason, WithdrawalQueueQuery } from '@app/protocol/ops-money';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { maskedContactsOf, userIdOfUid } from '../user/user.queries';
import { finishWithdrawal, type WithdrawalDeps } from './withdrawal.service';
import { type WithdrawalsTable, withdrawalDb } from './withdrawal.tables';
import { SENT_STATUSES } from './withdrawal-status';

type Row = Selectable<WithdrawalsTable>;

/** What staff's review needs beyond the payouts' own deps: a recent security change of the user (held). */
export interface ReviewDeps extends WithdrawalDeps {
  flagged?: (userId: number) => Promise<boolean>;
}

/** The audit of a staff decision, written in the decision's own transaction (the ops module's). */
export type DecisionAudit = (trx: DbHandle, before: object, after: object) => Promise<void>;

/** A console row, before ops names the reviewer: `reviewedBy` is the staff member's id. */
export type ReviewRow = Omit<ConsoleWithdrawal, 'reviewedBy'> & { reviewedBy: number | null };

const VIEW_STATUSES = {
  review: ['in_review'],
  open: [...SENT_STATUSES],
  failed: ['failed'],
  all: null,
} as const;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Why the row waits (or waited) for staff: the amount threshold, the user's first payout, a recent security change. */
async function reasonsOf(deps: ReviewDeps, row: Row): Promise<ReviewReason[]> {
  const reasons: ReviewReason[] = [];
  const above = deps.config?.reviewAbove ?? DEFAULT_WITHDRAWAL_CONFIG.reviewAbove ?? Number.POSITIVE_INFINITY;
  if (Number(row.amount_fen) > above) reasons.push('aboveThreshold');
  const paidBefore = await withdrawalDb(deps.db)
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('status', '=', 'paid')
    .where('id', '<', row.id)
    .limit(1)
    .executeTakeFirst();
  if (!paidBefore) reasons.push('firstPayout');
  if (await deps.flagged?.(row.user_id)) reasons.push('flagged');
  return reasons;
}

/**
 * 提现审核's list: the payouts of one view (waiting for staff, sent and unsettled, failed, all),
 * oldest first while waiting and newest first otherwise, searched by the user's uid or the
 * withdrawal's id or number; each with the masked phone and payee, why it waits, whether the payee
 * is the user's verified name, and the provider's answer.
 */
export async function reviewQueue(
  deps: ReviewDeps,
  query: WithdrawalQueueQuery,
): Promise<{ list: ReviewRow[]; total: number }> {
  let base = withdrawalDb(deps.db).selectFrom('withdrawals');
  const statuses = VIEW_STATUSES[query.view];
  if (statuses) base = base.where('status', 'in', statuses);
  const q = query.q?.trim();
  if (q) {
    const userId = /^\d+$/.test(q) ? await userIdOfUid(deps.db, q) : null;
    base = base.where((eb) =>
      eb.or([
        eb('out_biz_no', '=', q),
        ...(/^\d{1,9}$/.test(q) ? [eb('id', '=', Number(q))] : []),
        ...(userId === null ? [] : [eb('user_id', '=', userId)]),
      ]),
    );
  }
  const { total, rows } = await countedPage(
    base,
    base.selectAll().orderBy('id', query.view === 'review' ? 'asc' : 'desc'),
    query,
  );
  const contacts = await maskedContactsOf(
    deps.db,
    rows.map((r) => r.user_id),
  );
  const list: ReviewRow[] = [];
  for (const r of rows) {
    const fullName = r.account_name_sealed ? deps.pii.open(r.account_name_sealed) : null;
    list.push({
      id: String(r.id),
      outBizNo: r.out_biz_no,
      uid: contacts.get(r.user_id)?.uid ?? '',
      mobile: contacts.get(r.user_id)?.mobile ?? '',
      amount: Number(r.amount_fen),
      fee: Number(r.fee_fen),
      arrival: Number(r.amount_fen) - Number(r.fee_fen),
      channel: r.provider,
      accountNo: r.account_no_masked,
      accountName: r.account_name_masked,
      nameMatches: fullName !== null && (await deps.realNameIs(r.user_id, fullName)),
      reasons: await reasonsOf(deps, r),
      status: r.status,
      statusLabel: withdrawalStatusLabel[r.status],
      providerAnswer: r.reason,
      providerRef: r.provider_ref,
      reviewedBy: r.reviewed_by,
      createdAt: seconds(r.created_at) as number,
      sentAt: seconds(r.sent_at),
      finishedAt: seconds(r.finished_at),
    });
  }
  return { list, total };
}

async function waiting(deps: ReviewDeps, id: number): Promise<Row> {
  const row = await withdrawalDb(deps.db).selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '提现记录不存在');
  if (row.status !== 'in_review') throw new AppError(ErrorCode.BAD_PARAMS, '该提现已处理，请刷新后查看');
  return row;
}

const taken = () => new AppError(ErrorCode.BAD_PARAMS, '该提现已处理，请刷新后查看');

/**
 * Staff approve: in_review → reviewing, due now (the sweep pays it), with the decision's audit in
 * the same transaction. Once: of two decisions at once only the first moves the row, the other is
 * refused and writes nothing.
 */
export async function approveReviewed(deps: ReviewDeps, id: number, staffId: number, audit: DecisionAudit) {
  const row = await waiting(deps, id);
  const now = (deps.now ?? Date.now)();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await withdrawalDb(trx)
      .updateTable('withdrawals')
      .set({ status: 'reviewing', review_after: new Date(now), reviewed_by: staffId, updated_at: new Date(now) })
      .where('id', '=', id)
      .where('status', '=', 'in_review')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw taken();
    await audit(trx, { id, status: row.status }, { id, status: 'reviewing' });
  });
  return { id, status: 'reviewing' as const };
}

/** Staff refuse with a reason: in_review → refused, the money back on the balance, audited in the same transaction; once. */
export async function refuseReviewed(
  deps: ReviewDeps,
  id: number,
  staffId: number,
  reason: string,
  audit: DecisionAudit,
) {
  const row = await waiting(deps, id);
  const text = `审核未通过：${reason}，金额已退回余额`;
  const moved = await finishWithdrawal(deps, row, 'in_review', 'refused', {
    reason: text,
    reviewedBy: staffId,
    also: (trx) => audit(trx, { id, status: row.status }, { id, status: 'refused', reason }),
  });
  if (!moved) throw taken();
  return { id, status: 'refused' as const };
}
