import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/platform/db/migrations/index';
import { openPGlite } from '../src/platform/db/pglite-open';
import { testDb } from './helpers';

/**
 * The rolling-deploy rule (docs/migrations.md): during a deploy the previous release's processes
 * run against the new schema, so a migration after RELEASED_THROUGH only expands. Checked on the
 * schema itself, migration by migration from an empty database: every table and column the previous
 * schema had is still there with its type, no column became NOT NULL, and a column added to an
 * existing table is nullable or has a default (the previous release's inserts leave it out). A
 * contract (a drop, a rename's second half) is a migration named in CONTRACTS, in a release after
 * the one that stopped using what it removes, and it adds nothing.
 */

/** The last migration of the release in production: bumped by the release (docs/migrations.md). */
const RELEASED_THROUGH = '0052-finance-role';

/** Contract migrations: name → the release that stopped using what they remove. None yet. */
const CONTRACTS: Record<string, string> = {};

interface Column {
  type: string;
  nullable: boolean;
  defaulted: boolean;
}
type Schema = Map<string, Map<string, Column>>;

interface Sql {
  query<R>(text: string): Promise<R[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of this run's kind (no migration applied). */
async function emptyDatabase(): Promise<Sql> {
  if (testDb === 'pglite') {
    const pglite = await openPGlite({ dataDir: null });
    return {
      query: async <R>(text: string) => (await pglite.query<R>(text)).rows,
      exec: async (text) => {
        await pglite.exec(text);
      },
      close: () => pglite.close(),
    };
  }
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `mk_rolling_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <R>(text: string) => (await client.query(text)).rows as R[],
    exec: async (text) => {
      await client.query(text);
    },
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function schemaOf(db: Sql): Promise<Schema> {
  const rows = await db.query<{ t: string; c: string; type: string; nullable: string; defaulted: boolean }>(
    `select c.table_name as t, c.column_name as c, c.data_type || coalesce('(' || c.character_maximum_length || ')', '') as type,
            c.is_nullable as nullable, (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as defaulted
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  const schema: Schema = new Map();
  for (const row of rows) {
    const table = schema.get(row.t) ?? new Map<string, Column>();
    table.set(row.c, { type: row.type, nullable: row.nullable === 'YES', defaulted: row.defaulted });
    schema.set(row.t, table);
  }
  return schema;
}

/** What in `after` the code written for `before` would trip on; and whether `after` added anything. */
function breaks(before: Schema, after: Schema): { problems: string[]; expands: boolean } {
  const problems: string[] = [];
  let expands = false;
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} dropped or renamed`);
      continue;
    }
    for (const [name, was] of columns) {
      const is = now.get(name);
      if (!is) problems.push(`column ${table}.${name} dropped or renamed`);
      else if (is.type !== was.type) problems.push(`column ${table}.${name} changed type ${was.type} → ${is.type}`);
      else if (was.nullable && !is.nullable) problems.push(`column ${table}.${name} became NOT NULL`);
    }
    for (const [name, is] of now)
      if (!columns.has(name)) {
        expands = true;
        if (!is.nullable && !is.defaulted) problems.push(`column ${table}.${name} added NOT NULL without a default`);
      }
  }
  for (const table of after.keys()) if (!before.has(table)) expands = true;
  return { problems, expands };
}

/** Every migration up to and including `through` on an empty database, in order. */
async function migrateThrough(db: Sql, through: string): Promise<void> {
  for (const [name, migration] of Object.entries(migrations)) {
    for (const statement of migration.up) await db.exec(statement);
    if (name === through) return;
  }
  throw new Error(`no migration ${through}`);
}

const names = Object.keys(migrations);

describe('the rolling-deploy rule', () => {
  let db: Sql;
  afterAll(() => db?.close());

  it('names a released migration that exists, and contracts only after it', () => {
    expect(names).toContain(RELEASED_THROUGH);
    for (const name of Object.keys(CONTRACTS))
      expect(names.indexOf(name), name).toBeGreaterThan(names.indexOf(RELEASED_THROUGH));
  });

  it('would have caught the history: 0047 dropped payments columns the release before it read, 0048 added a required one', async () => {
    // One pass over an empty database, also the next case's; two migrations of before the rule checked on the way.
    db = await emptyDatabase();
    await migrateThrough(db, '0046-merchant-left');
    const before = await schemaOf(db);
    await apply(db, '0047-payable-purpose-ref');
    const after47 = await schemaOf(db);
    expect(breaks(before, after47).problems).toEqual([
      'column payments.order_id dropped or renamed',
      'column payments.deposit_id dropped or renamed',
      'column payments.broker_order_id dropped or renamed',
      'column payments.coin_bid_id dropped or renamed',
      'column payments.purpose added NOT NULL without a default',
      'column payments.ref added NOT NULL without a default',
    ]);
    await apply(db, '0048-payouts-states');
    expect(breaks(after47, await schemaOf(db)).problems).toEqual([
      'column withdrawals.out_biz_no added NOT NULL without a default',
    ]);
    // Every migration from an empty database: ~5 s on a quiet machine, over a minute on a loaded one.
  }, 180_000);

  it('every migration after the released one only expands, or is a declared contract that only contracts', async () => {
    for (const name of names.slice(names.indexOf('0048-payouts-states') + 1, names.indexOf(RELEASED_THROUGH) + 1))
      await apply(db, name);
    let schema = await schemaOf(db);
    const found: Record<string, string[]> = {};
    for (const name of names.slice(names.indexOf(RELEASED_THROUGH) + 1)) {
      // 0061 moves the events into the partitioned table: the rows and their ids come along.
      if (name === '0061-tracking-events-monthly')
        await db.exec(`insert into tracking_events (app_id, event, device, "user", properties, received_at) values
          ('market-h5', 'click', '{}', '{}', '{}', '2026-10-31T23:00:00Z'), ('market-h5', 'exposure', '{}', '{}', '{}', now())`);
      await apply(db, name);
      if (name === '0061-tracking-events-monthly') {
        await db.exec(
          `insert into tracking_events (app_id, event, device, "user", properties) values ('market-h5', 'detail', '{}', '{}', '{}')`,
        );
        const rows = await db.query<{ id: string; event: string; part: string }>(
          'select id::text, event, tableoid::regclass::text as part from tracking_events order by id',
        );
        expect(rows.map((r) => [r.id, r.event])).toEqual([
          ['1', 'click'],
          ['2', 'exposure'],
          ['3', 'detail'],
        ]);
        expect(rows[0]?.part).toBe('tracking_events_202610');
      }
      const next = await schemaOf(db);
      const { problems, expands } = breaks(schema, next);
      if (CONTRACTS[name]) {
        if (expands) found[name] = ['a contract migration also expands: ship the expand in a release of its own'];
        if (problems.length === 0) found[name] = ['declared a contract but removes nothing: take it out of CONTRACTS'];
      } else if (problems.length > 0) found[name] = problems;
      schema = next;
    }
    expect(found).toEqual({});
  }, 60_000);

  it('finds a rename, a type change and a tightened column as the previous release would meet them', async () => {
    const before = await schemaOf(db);
    await db.exec('alter table payments rename column status to state');
    await db.exec('alter table payments alter column ref type bigint');
    await db.exec('alter table withdrawals alter column sent_at set not null');
    await db.exec('create table rolling_new (id integer primary key)');
    const { problems, expands } = breaks(before, await schemaOf(db));
    expect(problems.sort()).toEqual([
      'column payments.ref changed type integer → bigint',
      'column payments.status dropped or renamed',
      'column withdrawals.sent_at became NOT NULL',
    ]);
    expect(expands).toBe(true);
  });
});

/** One named migration's statements (the database already holds every migration before it). */
async function apply(db: Sql, name: string): Promise<void> {
  const migration = migrations[name];
  if (!migration) throw new Error(`no migration ${name}`);
  for (const statement of migration.up) await db.exec(statement);
}
