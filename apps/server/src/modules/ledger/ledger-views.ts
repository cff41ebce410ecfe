import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { countedPage } from '../../platform/db/page';
import { Accounts, type Balance, balanceOf } from './ledger';
import { ledgerDb } from './ledger.tables';
import { checkLedger, unknownMovementCodes } from './ledger-check';

/**
 * What the console's 账务 reads of the ledger (docs/decisions/0057-money-console.md), each
 * a question the ledger answers through its own tables: the accounts with their balances, one
 * account's transfers a page at a time, the check of the books, and fee income by day.
 */

export interface AccountLine extends Balance {
  code: string;
  kind: string;
}

const lineOf = async (db: Db, a: { code: string; kind: string }): Promise<AccountLine> => ({
  code: a.code,
  kind: a.kind,
  ...(await balanceOf(db, a.code)),
});

/** The platform's own accounts (escrow, fees, gateways, payout channels …), or one user's. */
export async function ledgerAccounts(db: Db, userId: number | null): Promise<AccountLine[]> {
  let q = ledgerDb(db).selectFrom('ledger_accounts').select(['code', 'kind']);
  q = userId === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', userId);
  const rows = await q.orderBy('code').limit(200).execute();
  const lines: AccountLine[] = [];
  for (const r of rows) lines.push(await lineOf(db, r));
  if (userId !== null && lines.length === 0)
    lines.push({
      code: Accounts.userAvailable(userId).code,
      kind: 'user_available',
      ...(await balanceOf(db, Accounts.userAvailable(userId))),
    });
  return lines;
}

export interface TransferLine {
  id: number;
  key: string;
  code: string;
  state: string;
  debit: string;
  credit: string;
  amount: number;
  orderId: number | null;
  note: string;
  createdAt: Date;
}

/** One account's transfers, newest first, a page at a time; null when no such account exists. */
export async function accountTransfers(
  db: Db,
  code: string,
  page: { page: number; pageSize: number },
): Promise<{ account: AccountLine; list: TransferLine[]; total: number } | null> {
  const account = await ledgerDb(db)
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'kind'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!account) return null;
  const base = ledgerDb(db)
    .selectFrom('ledger_transfers as t')
    .where((eb) => eb.or([eb('t.debit_account_id', '=', account.id), eb('t.credit_account_id', '=', account.id)]));
  const { total, rows } = await countedPage(
    base,
    base
      .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select([
        't.id',
        't.key',
        't.code',
        't.state',
        't.amount',
        't.order_id',
        't.note',
        't.created_at',
        'd.code as debit',
        'c.code as credit',
      ])
      .orderBy('t.id', 'desc'),
    page,
  );
  return {
    account: await lineOf(db, account),
    total,
    list: rows.map((r) => ({
      id: r.id,
      key: r.key,
      code: r.code,
      state: r.state,
      debit: r.debit,
      credit: r.credit,
      amount: Number(r.amount),
      orderId: r.order_id,
      note: r.note,
      createdAt: r.created_at,
    })),
  };
}

/** `ledger:check` as the console shows it: the problems of the books, the codes without a label, the totals. */
export async function ledgerHealth(db: Db, knownCodes: readonly string[]) {
  const problems = await checkLedger(db);
  const unlabelledCodes = await unknownMovementCodes(db, knownCodes);
  const totals = await ledgerDb(db)
    .selectFrom('ledger_accounts')
    .select((eb) => [eb.fn.countAll<string>().as('accounts'), eb.fn.sum<string>('credits_posted').as('credits')])
    .executeTakeFirstOrThrow();
  return {
    problems,
    unlabelledCodes,
    accounts: Number(totals.accounts),
    postedFen: Number(totals.credits ?? 0),
  };
}

export interface FeeLine {
  /** Beijing day, YYYY-MM-DD. */
  day: string;
  code: string;
  orderId: number | null;
  amount: number;
  count: number;
}

/**
 * The platform's fee income between two Beijing days (inclusive): every transfer credited to
 * platform:fees that is posted (a fee, a forfeited deposit's share, a withdrawal fee once paid),
 * summed by day, movement code and order (the caller names each order's game).
 */
export async function feeIncome(db: Db, from: string, to: string): Promise<FeeLine[]> {
  const start = new Date(`${from}T00:00:00+08:00`);
  const end = new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000);
  const { rows } = await sql<{ day: string; code: string; order_id: number | null; amount: string; n: string }>`
    select to_char((t.created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, t.code, t.order_id,
      sum(t.amount) as amount, count(*) as n
    from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
    where a.code = ${Accounts.fees.code} and t.state in ('posted', 'post')
      and t.created_at >= ${start} and t.created_at < ${end}
    group by 1, 2, 3
    order by 1 desc, 2
  `.execute(db);
  return rows.map((r) => ({
    day: r.day,
    code: r.code,
    orderId: r.order_id === null ? null : Number(r.order_id),
    amount: Number(r.amount),
    count: Number(r.n),
  }));
}
