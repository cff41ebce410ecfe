import type { PGlite } from '@electric-sql/pglite';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DbHandle } from './handle';
import { migrations } from './migrations/index';
import { PGliteDialect } from './pglite-dialect';
import { INT8_OID, NUMERIC_OID, toSafeNumber } from './pglite-open';
import { type EmbeddedPg, openPGliteThread } from './pglite-thread';
import { preparedStatements } from './prepared-pool';
import { DatabaseWatch, registerDatabaseWatch } from './statement-timings';
import { registerTableWrites, TableWrites } from './table-writes';

/**
 * The app's database as the platform and the modules receive it: the opaque handle (handle.ts). Only
 * the composition beside app.ts (apps/server/src/database.ts) knows every table.
 */
export type Db = DbHandle;

export interface DatabaseOptions {
  /**
   * postgres:// URL; without it, PGlite in `dataDir` (or in memory when dataDir is null), in a
   * thread of its own (pglite-thread.ts).
   */
  url?: string | undefined;
  dataDir: string | null;
  /** PGlite only: start from this dump (`dumpDataDir`) of a database, such as a migrated template. */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite only: an instance already open (openPGlite) to use instead, which the Db's destroy leaves
   * open for its owner: the tests' database of a worker, reset between its files (helpers.ts).
   */
  pglite?: PGlite | undefined;
}

/**
 * Opens the database with its write watcher. The platform names no module's table, so it opens it
 * untyped; the tests open it typed as `Database` (apps/server/src/database.ts), `ledger:check` as
 * the ledger's tables.
 */
export async function openDatabase<DB = unknown>(options: DatabaseOptions): Promise<Kysely<DB>> {
  if (options.url) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? toSafeNumber : pg.types.getTypeParser(oid, format),
    };
    // Idle connections kept 5 minutes, not pg's 10 s: a connection closed in a lull is opened again,
    // and its named statements prepared again, at the next burst's first requests (bench/README.md,
    // the order chat at 20,000 sockets). At most 10 a process either way.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      idleTimeoutMillis: 300_000,
      types: types as pg.CustomTypesConfig,
    });
    pool.on('error', () => {});
    // A connection PostgreSQL cuts while a request holds it (a restart between two statements of a
    // transaction) emits 'error' on its client: without a listener that would end the process.
    // The request's own query fails (503 while the database is down) and the pool replaces it.
    pool.on('connect', (client) => client.on('error', () => {}));
    return watched(
      (plugins, log) =>
        new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }), plugins, log }),
      pool,
    );
  }
  const borrowed = options.pglite;
  const pglite: EmbeddedPg = borrowed ?? openPGliteThread(options);
  if (!borrowed) await pglite.waitReady;
  const db = watched(
    (plugins, log) => new Kysely<DB>({ dialect: new PGliteDialect(pglite, { keepOpen: !!borrowed }), plugins, log }),
  );
  embedded.set(db, pglite);
  return db;
}

const embedded = new WeakMap<object, EmbeddedPg>();

/** The PGlite under a database opened on it (the backup dumps it, backup.ts); null on PostgreSQL. */
export function embeddedOf(db: object): EmbeddedPg | null {
  return embedded.get(db) ?? null;
}

/**
 * The database with its write watcher (table-writes.ts), which the modules reach through
 * tableWritesOf, and its statement timings and pool (statement-timings.ts) for the metrics.
 */
function watched<DB>(
  open: (plugins: TableWrites[], log: DatabaseWatch['log']) => Kysely<DB>,
  pool?: DatabaseWatch['pool'],
): Kysely<DB> {
  const writes = new TableWrites();
  const watch = new DatabaseWatch();
  watch.pool = pool ?? null;
  const db = open([writes], watch.log);
  registerTableWrites(db, writes);
  registerDatabaseWatch(db, watch);
  return db;
}

class StaticMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(migrations)) {
      out[name] = {
        up: async (db) => {
          for (const statement of migration.up) await sql.raw(statement).execute(db);
        },
      };
    }
    return out;
  }
}

/** Applies pending migrations; safe when several processes start at once (Kysely's lock table). */
export async function migrate(db: Db): Promise<void> {
  // The migrations are SQL text: an untyped Kysely runs them, naming no table of any module.
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: new StaticMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
