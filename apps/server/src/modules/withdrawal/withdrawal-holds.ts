import { withdrawalStatusLabel } from '@app/protocol/calls/withdrawal';
import { formatPriceFen } from '@app/protocol/format';
import type { OpsUserWithdrawal, SearchHit } from '@app/protocol/ops-users';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { type WithdrawalTables, withdrawalDb } from './withdrawal.tables';

/**
 * Staff's hold on a user's withdrawals (the console, docs/decisions/0061-opsusers-bans.md): while
 * it stands he can ask for none, and the payout sweep pays none of his reviewed requests (they
 * wait, the money still reserved); released, they go on as before.
 */
export const HELD_BY_STAFF = '您的提现已被暂停，如有疑问请联系客服';

/** The sweep's condition: the withdrawal's user has no hold. */
export const notHeld = (eb: ExpressionBuilder<WithdrawalTables, 'withdrawals'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('withdrawal_holds')
        .select(sql.lit(1).as('one'))
        .whereRef('withdrawal_holds.user_id', '=', 'withdrawals.user_id'),
    ),
  );

export async function withdrawalHoldOf(db: DbHandle, userId: number): Promise<{ reason: string; at: number } | null> {
  const row = await withdrawalDb(db)
    .selectFrom('withdrawal_holds')
    .select(['reason', 'held_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { reason: row.reason, at: row.held_at.getTime() } : null;
}

/** Holds the user's withdrawals, once: false when a hold already stood. */
export async function holdWithdrawals(trx: DbHandle, userId: number, reason: string): Promise<boolean> {
  const made = await withdrawalDb(trx)
    .insertInto('withdrawal_holds')
    .values({ user_id: userId, reason })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return made !== undefined;
}

/** Lifts the hold, once: answers the hold lifted, or null when none stood. */
export async function releaseWithdrawals(trx: DbHandle, userId: number): Promise<{ reason: string } | null> {
  const lifted = await withdrawalDb(trx)
    .deleteFrom('withdrawal_holds')
    .where('user_id', '=', userId)
    .returning('reason')
    .executeTakeFirst();
  return lifted ?? null;
}

/** A user's withdrawals, newest first, a page at a time (the console's user page). */
export async function userWithdrawalsPage(
  db: DbHandle,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserWithdrawal[] }> {
  const base = withdrawalDb(db).selectFrom('withdrawals').where('user_id', '=', userId);
  const { total, rows } = await countedPage(
    base,
    base.select(['id', 'amount_fen', 'status', 'created_at']).orderBy('id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({
      id: String(r.id),
      amount: Number(r.amount_fen),
      status: r.status,
      statusLabel: withdrawalStatusLabel[r.status],
      createdAt: r.created_at.getTime(),
    })),
  };
}

/** 查找 by a withdrawal's number at the provider (WD…). */
export async function findWithdrawals(db: DbHandle, text: string): Promise<SearchHit[]> {
  if (!/^WD\d{10,30}$/i.test(text)) return [];
  const rows = await withdrawalDb(db)
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'amount_fen', 'status', 'out_biz_no'])
    .where('out_biz_no', '=', text.toUpperCase())
    .limit(5)
    .execute();
  return rows.map((r) => ({
    kind: 'withdrawal' as const,
    id: String(r.id),
    title: `提现 ${r.out_biz_no}`,
    detail: `${formatPriceFen(Number(r.amount_fen))} · ${withdrawalStatusLabel[r.status]}`,
    userId: String(r.user_id),
  }));
}
