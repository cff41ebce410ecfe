import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { EmbeddedPg } from './pglite-thread';

/**
 * Kysely over PGlite, in this thread or in its own (pglite-thread.ts). PGlite is one connection,
 * so the driver hands it out to one user at a time (a transaction holds it until commit or
 * rollback); other callers queue.
 */
class PGliteConnection implements DatabaseConnection {
  /** Set by the driver's destroy: a PGlite left open for its owner answers this handle no more. */
  closed = false;
  constructor(private readonly pg: EmbeddedPg) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.closed) throw new Error('the database handle was destroyed');
    const result = await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; Kysely needs the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(
    private readonly pg: EmbeddedPg,
    private readonly keepOpen: boolean,
  ) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.queue.then(() => {
      this.releases.set(this.connection, release);
      return this.connection;
    });
    this.queue = this.queue.then(() => held);
    return acquired;
  }

  private readonly releases = new Map<DatabaseConnection, () => void>();

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery({ sql: `begin${level}`, parameters: [], query: undefined } as never);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'commit', parameters: [] } as never);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'rollback', parameters: [] } as never);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    this.connection.closed = true;
    if (!this.keepOpen) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  /** keepOpen: destroy leaves the PGlite open (its owner closes it), only this handle ends. */
  constructor(
    private readonly pg: EmbeddedPg,
    private readonly options: { keepOpen?: boolean } = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.options.keepOpen ?? false);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
