import { sql } from 'kysely';
import type { Db } from './database';

/**
 * Holds a transaction-scoped advisory lock on (scope, key) until the transaction ends: the guard
 * of a count-then-insert limit, where there is no row to lock yet. Every request that counts
 * against the same key takes it first, so they count one after another. PostgreSQL and PGlite
 * both have pg_advisory_xact_lock; the two hashes only ever make unrelated keys wait on each other.
 */
export async function lockKey(trx: Db, scope: string, key: string | number): Promise<void> {
  if (!trx.isTransaction) throw new Error(`lockKey(${scope}) outside a transaction`);
  await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${String(key)}))`.execute(trx);
}
