import type { LogEvent } from 'kysely';

/** What one statement took (seconds), and whether it failed; the metrics listen (platform/metrics). */
export type StatementListener = (seconds: number, failed: boolean) => void;

/**
 * Every statement of a database, timed by Kysely's log hook, and the pool it runs on (PostgreSQL):
 * what the metrics read. Nothing listens until the app's metrics do, and the hook then costs one
 * call per statement.
 */
export class DatabaseWatch {
  listener: StatementListener | null = null;
  pool: { totalCount: number; idleCount: number; waitingCount: number } | null = null;

  readonly log = (event: LogEvent): void => {
    this.listener?.(event.queryDurationMillis / 1000, event.level === 'error');
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
