import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { ledgerDb } from './ledger.tables';

/**
 * Checks that the books balance (`npm run ledger:check`, and the tests after every scenario):
 * each account's stored totals equal what its transfers say; all debits equal all credits, posted
 * and pending; no account that may not overdraw did; every pending transfer was resolved at most
 * once, and every resolution points at the transfer it resolved. Answers the problems found.
 */
export async function checkLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const accounts = await ledgerDb(db).selectFrom('ledger_accounts').selectAll().execute();
  const sums = await ledgerDb(db)
    .selectFrom('ledger_transfers')
    .select([
      'debit_account_id',
      'credit_account_id',
      sql<number>`sum(amount) filter (where state in ('posted', 'posted_pending'))`.as('posted'),
      sql<number>`sum(amount) filter (where state = 'pending')`.as('pending'),
    ])
    .groupBy(['debit_account_id', 'credit_account_id'])
    .execute();
  const expected = new Map<number, { dp: number; cp: number; dq: number; cq: number }>();
  const at = (id: number) => {
    const found = expected.get(id) ?? { dp: 0, cp: 0, dq: 0, cq: 0 };
    expected.set(id, found);
    return found;
  };
  for (const s of sums) {
    at(s.debit_account_id).dp += Number(s.posted ?? 0);
    at(s.debit_account_id).dq += Number(s.pending ?? 0);
    at(s.credit_account_id).cp += Number(s.posted ?? 0);
    at(s.credit_account_id).cq += Number(s.pending ?? 0);
  }
  let debits = 0;
  let credits = 0;
  for (const a of accounts) {
    const e = at(a.id);
    const stored = {
      dp: Number(a.debits_posted),
      cp: Number(a.credits_posted),
      dq: Number(a.debits_pending),
      cq: Number(a.credits_pending),
    };
    if (stored.dp !== e.dp || stored.cp !== e.cp || stored.dq !== e.dq || stored.cq !== e.cq)
      problems.push(`${a.code}: stored ${JSON.stringify(stored)} but transfers say ${JSON.stringify(e)}`);
    if (a.no_overdraft && stored.dp + stored.dq > stored.cp) problems.push(`${a.code}: overdrawn`);
    debits += stored.dp;
    credits += stored.cp;
  }
  if (debits !== credits) problems.push(`posted debits ${debits} ≠ posted credits ${credits}`);
  const orphans = await ledgerDb(db)
    .selectFrom('ledger_transfers as r')
    .leftJoin('ledger_transfers as p', 'p.id', 'r.pending_id')
    .select(['r.key', 'r.state', 'p.state as pendingState', 'p.amount as pendingAmount', 'r.amount'])
    .where('r.state', 'in', ['post', 'void'])
    .execute();
  for (const o of orphans) {
    const ok =
      (o.state === 'post' && o.pendingState === 'posted_pending') ||
      (o.state === 'void' && (o.pendingState === 'voided' || o.pendingState === 'expired'));
    if (!ok || Number(o.pendingAmount) !== Number(o.amount))
      problems.push(`${o.key}: resolves a transfer in state ${o.pendingState ?? 'none'}`);
  }
  const unresolved = await ledgerDb(db)
    .selectFrom('ledger_transfers as p')
    .leftJoin('ledger_transfers as r', 'r.pending_id', 'p.id')
    .select(['p.key', 'p.state'])
    .where('p.state', 'in', ['posted_pending', 'voided', 'expired'])
    .where('r.id', 'is', null)
    .execute();
  for (const u of unresolved) problems.push(`${u.key}: ${u.state} without its resolving transfer`);
  return problems;
}

/** Transfers whose movement code the statement cannot name (every code must have its label). */
export async function unknownMovementCodes(db: Db, known: readonly string[]): Promise<string[]> {
  const rows = await ledgerDb(db).selectFrom('ledger_transfers').select('code').distinct().execute();
  return rows.map((r) => r.code).filter((c) => !known.includes(c));
}

/** How many accounts the ledger has and the fen posted to them (what `ledger:check` reports). */
export async function ledgerTotals(db: Db): Promise<{ accounts: number; credits: number }> {
  const totals = await ledgerDb(db)
    .selectFrom('ledger_accounts')
    .select((eb) => [eb.fn.countAll<number>().as('accounts'), eb.fn.sum<number>('credits_posted').as('credits')])
    .executeTakeFirstOrThrow();
  return { accounts: Number(totals.accounts), credits: Number(totals.credits ?? 0) };
}
