import type { QueryExecutor } from 'kysely';

/**
 * A database handle or transaction as it crosses a module boundary: one transaction may span
 * modules (an order reserves its listing in the order's transaction), so a module's function takes
 * the caller's handle and narrows it to its own tables (`ordersDb(handle)` in orders.tables.ts).
 *
 * It names no table (decision 0046): `handle.selectFrom('orders')` does not compile, a transaction
 * opened on it is as opaque, and raw SQL runs on it (`sql\`…\`.execute(handle)`) only through the
 * executor. Every Kysely handle, narrowed or whole, transaction or not, is one, so a module hands
 * its own transaction on as it is; only the owner's `xDb(handle)` turns it back into one that names
 * tables, and those only the owner's.
 */
export interface DbHandle {
  readonly isTransaction: boolean;
  /** What `sql\`…\`.execute(handle)` runs on (Kysely's QueryExecutorProvider). */
  getExecutor(): QueryExecutor;
  /** A transaction on the handle: as opaque as the handle. */
  transaction(): { execute<T>(callback: (trx: DbHandle) => Promise<T>): Promise<T> };
}
