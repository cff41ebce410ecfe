import type { Kysely, UpdateObject, UpdateQueryBuilder, UpdateResult } from 'kysely';

/** A table whose rows move through statuses: a numeric id and status, and an updated_at. */
type Movable<DB, T extends keyof DB> = DB[T] extends { id: unknown; status: unknown; updated_at: unknown } ? T : never;

type Update<DB, T extends keyof DB & string> = UpdateQueryBuilder<DB, T, T, UpdateResult>;

/**
 * One guarded move of a row's status: `update <table> set status = to, updated_at = now, …set
 * where id = ? and status in (from…)`, so of two movers at once only one wins. Answers whether this
 * one did (the row count). Each owner calls it on its own table, through its narrowed handle
 * (moveOrder, moveOffer, moveListing check their transition tables first); `guard` adds a further
 * condition of the owner's (a listing's wait not run out).
 */
export async function guardedMove<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: Movable<DB, T>,
  id: number,
  from: number | readonly number[],
  to: number,
  set: UpdateObject<DB, T> = {},
  guard?: (update: Update<DB, T>) => Update<DB, T>,
): Promise<boolean> {
  const froms = typeof from === 'number' ? [from] : from;
  if (froms.length === 0) return false;
  // The table is generic here: the handle is the caller's, already narrowed to the table's owner.
  // biome-ignore lint/suspicious/noExplicitAny: the one untyped builder, for a table named by a type parameter.
  const untyped = db as Kysely<any>;
  let update = untyped
    .updateTable(table as string)
    .set({ ...(set as Record<string, unknown>), status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', froms);
  if (guard) update = guard(update as unknown as Update<DB, T>) as unknown as typeof update;
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
