import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, preparedStatements } from '../src/platform/db/prepared-pool';
import { freshDatabase, type TestDatabase, testDb } from './helpers';

/**
 * The PostgreSQL pool's named statements (decision 0029): a statement marked `prepared` is
 * prepared once per connection and run by name after, an unmarked one stays unnamed; a table changed under a prepared `select *` drops that
 * connection, so the next statement runs on a fresh one instead of failing forever. PostgreSQL only
 * (PGlite runs its statements in the process).
 */
describe.skipIf(testDb !== 'postgres')('named prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  // biome-ignore lint/suspicious/noExplicitAny: a probe table outside the schema's types
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await freshDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }) });
    await sql`create table prep_probe (id int primary key, name text not null)`.execute(db);
    await sql`insert into prep_probe values (1, '一号'), (2, '二号')`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const byId = (id: number) => db.selectFrom('prep_probe').selectAll().where('id', '=', id).$call(prepared).execute();
  const byName = (name: string) => db.selectFrom('prep_probe').select('id').where('name', '=', name).execute();

  it('prepares a marked statement once per connection and runs it by name with any values; an unmarked one is not', async () => {
    expect(await byId(1)).toEqual([{ id: 1, name: '一号' }]);
    expect(await byId(2)).toEqual([{ id: 2, name: '二号' }]);
    expect(await byName('二号')).toEqual([{ id: 2 }]);
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    const probes = prepared.rows.filter((r) => r.statement.includes('prep_probe'));
    expect(probes).toHaveLength(1);
    expect(probes[0]?.statement).toContain('"id" = $1');
  });

  it('a statement refused because its table changed drops its connection; the next one runs', async () => {
    expect(await byId(1)).toEqual([{ id: 1, name: '一号' }]);
    await sql`alter table prep_probe add column note text`.execute(db);
    await expect(byId(1)).rejects.toThrow(/cached plan must not change result type/);
    // One connection in the pool: had it been kept, this would fail the same way.
    expect(await byId(1)).toEqual([{ id: 1, name: '一号', note: null }]);
  });

  it('a failed statement inside a transaction rolls it back as before', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('prep_probe').values({ id: 3, name: '三号' }).execute();
        await trx.insertInto('prep_probe').values({ id: 1, name: '重复' }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await byId(3)).toEqual([]);
    await db.insertInto('prep_probe').values({ id: 3, name: '三号' }).execute();
    expect((await byId(3))[0]?.name).toBe('三号');
  });
});
