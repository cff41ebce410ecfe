import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { trackingDb } from './tracking.tables';

/**
 * The monthly partitions of tracking_events (migration 0061, decision 0074), named
 * tracking_events_YYYYMM and bounded by UTC month starts; tracking_events_default takes the rest.
 */
const PREFIX = 'tracking_events_';
const nameOf = (month: Date) => `${PREFIX}${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));

/** The month partitions there are, by month start (the default partition not among them). */
export async function eventPartitions(db: Db): Promise<Array<{ name: string; from: Date; to: Date }>> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'tracking_events'::regclass`.execute(db);
  return rows.flatMap(({ name }) => {
    const m = /^tracking_events_(\d{4})(\d{2})$/.exec(name);
    if (!m) return [];
    const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
    return [{ name, from, to: nextMonth(from) }];
  });
}

/**
 * This month's partition and the next `ahead` months' made where missing (the sweep's, every few
 * hours; idempotent). A month whose events already sit in the default partition (the server was
 * off for months, or a clock was far ahead) cannot be made: PostgreSQL refuses, those events stay
 * in the default partition, where they are read and pruned as any other.
 */
export async function keepMonthsAhead(db: Db, now = new Date(), ahead = 2): Promise<{ made: number; refused: number }> {
  const have = new Set((await eventPartitions(db)).map((p) => p.name));
  let month = monthStart(now);
  let made = 0;
  let refused = 0;
  for (let i = 0; i <= ahead; i++, month = nextMonth(month)) {
    const name = nameOf(month);
    if (have.has(name)) continue;
    try {
      await sql`create table ${sql.id(name)} partition of tracking_events
        for values from (${sql.lit(month.toISOString())}) to (${sql.lit(nextMonth(month).toISOString())})`.execute(db);
      made++;
    } catch {
      refused++;
    }
  }
  return { made, refused };
}

/**
 * Raw events received before `before` deleted: whole months as a partition dropped (no row by row
 * delete, no bloat), the rest (the month `before` falls in, the default partition) by a range delete
 * that touches only the partitions that can hold them. Answers the events removed.
 */
export async function pruneEventsBefore(db: Db, before: Date): Promise<number> {
  let removed = 0;
  for (const p of await eventPartitions(db)) {
    if (p.to.getTime() > before.getTime()) continue;
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.id(p.name)}`.execute(db);
    await sql`drop table ${sql.id(p.name)}`.execute(db);
    removed += Number(rows[0]?.n ?? 0);
  }
  const gone = await trackingDb(db).deleteFrom('tracking_events').where('received_at', '<', before).executeTakeFirst();
  return removed + Number(gone.numDeletedRows);
}
