import { LEDGER_MOVEMENT_CODES, type LedgerMovementCode, ledgerMovementLabel } from '@app/protocol/calls/wallet';
import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type {
  FeeIncomeRow,
  LedgerAccountView,
  LedgerCheckResult,
  LedgerTransfersPage,
  ReconcileHistory,
  ReconcileRun,
  ReconcileSection,
  WithdrawalQueuePage,
  WithdrawalQueueQuery,
} from '@app/protocol/ops-money';
import type { Db } from '../../platform/db/database';
import { countedPage } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { accountTransfers, feeIncome, ledgerAccounts, ledgerHealth } from '../ledger/ledger-views';
import { gamesOfOrders } from '../orders/order-games';
import { userIdOfUid } from '../user/user.queries';
import type { WithdrawalReview } from '../withdrawal/withdrawal.module';
import { opsDb } from './ops.tables';
import type { Reconcilers } from './reconcilers';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * The console's money part (permission `money`): the withdrawal review through the withdrawal
 * module, the reconciliation through the registered reconcilers, the ledger through its views.
 * Each decision and each reconciliation run is audited in its own transaction.
 */
export interface MoneyDeps {
  db: Db;
  withdrawals?: WithdrawalReview;
  reconcilers?: Reconcilers;
}

const codeLabel = (code: string) => ledgerMovementLabel[code as LedgerMovementCode] ?? code;

async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await opsDb(db).selectFrom('staff').select(['id', 'display_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

function reviewOf(deps: MoneyDeps): WithdrawalReview {
  if (!deps.withdrawals) throw new AppError(ErrorCode.BAD_PARAMS, '提现审核暂未开通');
  return deps.withdrawals;
}

export async function withdrawalQueue(deps: MoneyDeps, query: WithdrawalQueueQuery): Promise<WithdrawalQueuePage> {
  const { list, total } = await reviewOf(deps).queue(query);
  const names = await staffNames(
    deps.db,
    list.flatMap((r) => (r.reviewedBy === null ? [] : [r.reviewedBy])),
  );
  return {
    list: list.map((r) => ({ ...r, reviewedBy: r.reviewedBy === null ? null : (names.get(r.reviewedBy) ?? null) })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function decideWithdrawal(
  deps: MoneyDeps,
  me: StaffPrincipal,
  id: number,
  decision: { refuse: string } | 'approve',
  ip: string,
) {
  const review = reviewOf(deps);
  const audit = (action: StaffAction) => (trx: Db, before: object, after: object) =>
    writeAudit(trx, { staffId: me.id, action, before, after, ip });
  return decision === 'approve'
    ? review.approve(id, me.id, audit(StaffAction.WITHDRAWAL_APPROVE))
    : review.refuse(id, me.id, decision.refuse, audit(StaffAction.WITHDRAWAL_REFUSE));
}

/** Runs one day's reconciliation of every registered source; the run and its result are audited. Nothing is fixed. */
export async function runReconciliation(deps: MoneyDeps, me: StaffPrincipal, day: string, ip: string) {
  const sections = (await deps.reconcilers?.runDay(day)) ?? [];
  await writeAudit(deps.db, { staffId: me.id, action: StaffAction.RECONCILE_RUN, after: { day, sections }, ip });
  const run: ReconcileRun = { day, ranBy: me.displayName, ranAt: Date.now(), sections };
  return run;
}

/** The reconciliation runs, newest first (from the audit, where each run's result is kept). */
export async function reconciliationHistory(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<ReconcileHistory> {
  const base = opsDb(db).selectFrom('staff_audit').where('staff_audit.action', '=', StaffAction.RECONCILE_RUN);
  const { total, rows } = await countedPage(
    base,
    base
      .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
      .select(['staff_audit.after', 'staff_audit.created_at', 'staff.display_name'])
      .orderBy('staff_audit.id', 'desc'),
    page,
  );
  const list = rows.map((r) => {
    const after = (r.after ?? {}) as { day?: string; sections?: ReconcileSection[] };
    return {
      day: after.day ?? '',
      ranBy: r.display_name,
      ranAt: r.created_at.getTime(),
      sections: after.sections ?? [],
    };
  });
  return { list, total, page: page.page, pageSize: page.pageSize };
}

const accountView = (a: Awaited<ReturnType<typeof ledgerAccounts>>[number]): LedgerAccountView => ({
  code: a.code,
  kind: a.kind,
  posted: a.posted,
  reserved: a.reserved,
  incoming: a.incoming,
  available: a.available,
});

/** The platform's accounts, or a user's by uid (an unknown uid is refused). */
export async function accountsOf(db: Db, uid: string | undefined): Promise<{ list: LedgerAccountView[] }> {
  let userId: number | null = null;
  if (uid) {
    userId = await userIdOfUid(db, uid);
    if (userId === null) throw new AppError(ErrorCode.BAD_PARAMS, '用户不存在，请核对UID');
  }
  return { list: (await ledgerAccounts(db, userId)).map(accountView) };
}

export async function transfersOf(
  db: Db,
  q: { account: string; page: number; pageSize: number },
): Promise<LedgerTransfersPage> {
  const found = await accountTransfers(db, q.account, q);
  if (!found) throw new AppError(ErrorCode.BAD_PARAMS, '账户不存在');
  return {
    account: accountView(found.account),
    total: found.total,
    page: q.page,
    pageSize: q.pageSize,
    list: found.list.map((t) => ({
      id: String(t.id),
      key: t.key,
      code: t.code,
      codeLabel: codeLabel(t.code),
      state: t.state,
      debit: t.debit,
      credit: t.credit,
      amount: t.amount,
      orderId: t.orderId === null ? null : String(t.orderId),
      note: t.note,
      at: t.createdAt.getTime(),
    })),
  };
}

export async function checkBooks(db: Db): Promise<LedgerCheckResult> {
  const h = await ledgerHealth(db, LEDGER_MOVEMENT_CODES);
  return { ...h, balanced: h.problems.length === 0 && h.unlabelledCodes.length === 0, checkedAt: Date.now() };
}

/** Fee income by day, game and movement code (orders named by their game; broker and deposit fees carry none). */
export async function feesByDayAndGame(db: Db, from: string, to: string): Promise<{ list: FeeIncomeRow[] }> {
  const lines = await feeIncome(db, from, to);
  const games = await gamesOfOrders(
    db,
    lines.flatMap((l) => (l.orderId === null ? [] : [l.orderId])),
  );
  const sums = new Map<string, FeeIncomeRow>();
  for (const l of lines) {
    const applicationId = l.orderId === null ? null : (games.get(l.orderId) ?? null);
    const key = `${l.day}|${applicationId ?? ''}|${l.code}`;
    const row = sums.get(key) ?? {
      day: l.day,
      applicationId,
      code: l.code,
      codeLabel: codeLabel(l.code),
      amount: 0,
      count: 0,
    };
    row.amount += l.amount;
    row.count += l.count;
    sums.set(key, row);
  }
  return { list: [...sums.values()] };
}
