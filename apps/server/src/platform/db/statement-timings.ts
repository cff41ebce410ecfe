import type { LogEvent } from 'kysely';

/** What one statement took (seconds), and whether it failed; the metrics listen (platform/metrics). */
export type StatementListener = (seconds: number, failed: boolean) => void;

/** A statement as the traces hear of it: its SQL (parameters as `$n`), milliseconds, failure. */
export type StatementTracer = (sql: string, millis: number, failed: boolean) => void;

/**
 * Every statement of a database, timed by Kysely's log hook, and the pool it runs on (PostgreSQL):
 * what the metrics and the traces read. Nothing listens until the app's metrics or traces do, and the
 * hook then costs one call per statement and listener.
 */
export class DatabaseWatch {
  listener: StatementListener | null = null;
  /** The second listener: the app's traces (platform/tracing), when tracing is on. */
  traced: StatementTracer | null = null;
  pool: { totalCount: number; idleCount: number; waitingCount: number } | null = null;

  readonly log = (event: LogEvent): void => {
    this.listener?.(event.queryDurationMillis / 1000, event.level === 'error');
    this.traced?.(event.query.sql, event.queryDurationMillis, event.level === 'error');
  };
}

const watches = new WeakMap<object, DatabaseWatch>();

export function registerDatabaseWatch(db: object, watch: DatabaseWatch): void {
  watches.set(db, watch);
}

/** The watch of a database opened by openDatabase (undefined for any other handle). */
export function databaseWatchOf(db: object): DatabaseWatch | undefined {
  return watches.get(db);
}
