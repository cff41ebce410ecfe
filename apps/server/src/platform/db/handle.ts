import type { Kysely } from 'kysely';

/**
 * A database handle or transaction as it crosses a module boundary: one transaction may span
 * modules (an order reserves its listing in the order's transaction), so a module's function takes
 * the caller's handle and narrows it to its own tables (`ordersDb(handle)` in orders.tables.ts).
 * Only the narrowed handle can name tables, and it names only the module's own.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one place a handle is untyped; every use narrows it at once.
export type DbHandle = Kysely<any>;
