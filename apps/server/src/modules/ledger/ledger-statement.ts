import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { Accounts } from './ledger';
import { ledgerDb } from './ledger.tables';

/**
 * A user's statement from the ledger: each transfer that changed the user's available balance, with
 * the balance right after it. The effect of a transfer on "available" (posted − reserved):
 * - the user pays (debit): −amount when it is made, posted or reserved; its post then changes
 *   nothing (reserved became posted), its void gives the amount back (+amount);
 * - the user receives (credit): +amount when posted, or when a pending credit posts; a pending
 *   credit itself is 待入账 (pendingIncome), not yet in the balance.
 * The running balance is summed at read time over the account's transfers in id order (the indexes
 * (debit_account_id, id) and (credit_account_id, id) serve it), so no writer has to keep it; an
 * account with millions of transfers would store it on the transfer instead.
 */
export interface StatementRow {
  id: number;
  key: string;
  code: string;
  /** posted | pending | posted_pending | voided | expired (the reservation's state) | post | void. */
  state: string;
  /** The reservation's current state for a resolution row, else the row's own. */
  reservationState: string;
  effect: number;
  balanceAfter: number;
  orderId: number | null;
  createdAt: Date;
}

export interface StatementQuery {
  /** Lines with an id below it (the previous page's last). */
  before?: number;
  codes?: readonly string[];
  from?: Date;
  to?: Date;
  limit: number;
}

export async function userStatement(db: Db, userId: number, q: StatementQuery): Promise<StatementRow[]> {
  const account = await ledgerDb(db)
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', Accounts.userAvailable(userId).code)
    .executeTakeFirst();
  if (!account) return [];
  const acc = account.id;
  const codes = q.codes && q.codes.length > 0 ? q.codes : null;
  const { rows } = await sql<{
    id: number;
    key: string;
    code: string;
    state: string;
    reservation_state: string;
    effect: string | number;
    balance_after: string | number;
    order_id: number | null;
    created_at: Date;
  }>`
    with moves as (
      select t.id, t.key, t.code, t.state, t.order_id, t.created_at, t.pending_id,
        case t.state when 'post' then 0 when 'void' then t.amount else -t.amount end as effect
      from ledger_transfers t where t.debit_account_id = ${acc}
      union all
      select t.id, t.key, t.code, t.state, t.order_id, t.created_at, t.pending_id,
        case when t.state in ('posted', 'post') then t.amount else 0 end as effect
      from ledger_transfers t where t.credit_account_id = ${acc}
    ),
    running as (
      select m.*, sum(m.effect) over (order by m.id) as balance_after from moves m
    )
    select r.id, r.key, r.code, r.state, coalesce(p.state, r.state) as reservation_state, r.effect,
      r.balance_after, r.order_id, r.created_at
    from running r left join ledger_transfers p on p.id = r.pending_id
    where r.effect <> 0
      and (${q.before ?? null}::bigint is null or r.id < ${q.before ?? null}::bigint)
      and (${q.from ?? null}::timestamptz is null or r.created_at >= ${q.from ?? null}::timestamptz)
      and (${q.to ?? null}::timestamptz is null or r.created_at < ${q.to ?? null}::timestamptz)
      ${codes ? sql`and r.code in (${sql.join(codes)})` : sql``}
    order by r.id desc
    limit ${q.limit}
  `.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    key: r.key,
    code: r.code,
    state: r.state,
    reservationState: r.reservation_state,
    effect: Number(r.effect),
    balanceAfter: Number(r.balance_after),
    orderId: r.order_id,
    createdAt: new Date(r.created_at),
  }));
}

export interface PendingCredit {
  id: number;
  key: string;
  code: string;
  amount: number;
  orderId: number | null;
  dueAt: Date | null;
  createdAt: Date;
}

/** The user's pending credits (待入账), the soonest to settle first. */
export async function userPendingCredits(db: Db, userId: number): Promise<PendingCredit[]> {
  const rows = await ledgerDb(db)
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
    .select(['t.id', 't.key', 't.code', 't.amount', 't.order_id', 't.due_at', 't.created_at'])
    .where('a.code', '=', Accounts.userAvailable(userId).code)
    .where('t.state', '=', 'pending')
    .orderBy('t.due_at', 'asc')
    .orderBy('t.id', 'asc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    code: r.code,
    amount: Number(r.amount),
    orderId: r.order_id,
    dueAt: r.due_at,
    createdAt: r.created_at,
  }));
}
