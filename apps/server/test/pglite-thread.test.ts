import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedOf, openDatabase } from '../src/platform/db/database';
import { prepared } from '../src/platform/db/prepared-pool';
import { isDatabaseUnavailable } from '../src/platform/errors';
import { testDb } from './helpers';

/**
 * The embedded database in its own thread (decision 0079), as the server opens it: what a caller
 * reads of a refusal survives the thread (SQLSTATE, constraint, detail), statements with the
 * PREPARED mark are parsed once and run by name, a table changed under a prepared `select *` is
 * parsed again, the dump works, and a database whose thread has ended answers as unavailable.
 * Run on the PGlite leg only (the PostgreSQL leg has no thread).
 */
describe.skipIf(testDb !== 'pglite')('PGlite in its own thread', () => {
  // biome-ignore lint/suspicious/noExplicitAny: a probe table outside the schema's types
  let db: Kysely<any>;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    await sql`create table probe (id int primary key, name text not null, doc jsonb, at timestamptz, big int8)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const named = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it('returns rows with their types, and counts what a write changed', async () => {
    const at = new Date('2026-12-01T08:00:00Z');
    const insert = await db
      .insertInto('probe')
      .values([
        { id: 1, name: '一号', doc: JSON.stringify({ coins: 100 }), at, big: 2 ** 40 },
        { id: 2, name: '二号', doc: null, at, big: 7 },
      ])
      .executeTakeFirst();
    expect(insert.numInsertedOrUpdatedRows).toBe(2n);
    const row = await db.selectFrom('probe').selectAll().where('id', '=', 1).$call(prepared).executeTakeFirst();
    expect(row).toEqual({ id: 1, name: '一号', doc: { coins: 100 }, at, big: 2 ** 40 });
    const update = await db
      .updateTable('probe')
      .set({ big: 8 })
      .where('id', '>=', 1)
      .$call(prepared)
      .executeTakeFirst();
    expect(update.numUpdatedRows).toBe(2n);
  });

  it('keeps the SQLSTATE, constraint and detail of a refusal, prepared or not, inside a transaction too', async () => {
    const duplicate = () => db.insertInto('probe').values({ id: 1, name: '重复' });
    await expect(duplicate().execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'probe_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    await expect(duplicate().$call(prepared).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('probe').values({ id: 3, name: '三号' }).$call(prepared).execute();
        await tx.insertInto('probe').values({ id: 1, name: '重复' }).$call(prepared).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // Rolled back whole: the first insert of the transaction is not there, and the session goes on.
    expect(await db.selectFrom('probe').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }]);
    await expect(sql`selec 1`.execute(db)).rejects.toMatchObject({ code: '42601' });
  });

  it('parses a marked statement once and runs it by name after; an unmarked one stays unnamed', async () => {
    const byName = (id: number) => db.selectFrom('probe').select('name').where('id', '=', id).$call(prepared);
    for (const id of [1, 2, 1]) await byName(id).execute();
    await db.selectFrom('probe').select(['name', 'id']).where('id', '=', 2).execute();
    const statements = (await named()).filter((text) => text.includes('"probe"'));
    expect(statements.filter((text) => text === byName(1).compile().sql)).toHaveLength(1);
    expect(statements.some((text) => !text.includes('/* prepared */'))).toBe(false);
  });

  it('parses a prepared `select *` again when its table changed under it', async () => {
    const all = () => db.selectFrom('probe').selectAll().where('id', '=', 2).$call(prepared).executeTakeFirst();
    expect(await all()).not.toHaveProperty('extra');
    await sql`alter table probe add column extra text not null default '附加'`.execute(db);
    expect(await all()).toMatchObject({ id: 2, extra: '附加' });
  });

  it('dumps the database it serves', async () => {
    const dump = await embeddedOf(db)?.dumpDataDir('none');
    expect(dump?.size).toBeGreaterThan(1_000_000);
  });

  it('answers as unavailable (08006) once its thread has ended', async () => {
    const other = await openDatabase({ dataDir: null });
    await embeddedOf(other)?.close();
    const error = await sql`select 1`.execute(other).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '08006' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
