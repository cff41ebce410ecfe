import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { type Db, openDatabase } from '../src/platform/db/database';
import { freshDatabase, testDb } from './helpers';

/** Every table's rows and every sequence's position: what a test file could find left behind. */
async function contents(db: Db) {
  const tables = await sql<{ name: string }>`
    select quote_ident(relname) as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`.execute(db);
  const out: Record<string, unknown> = {};
  for (const { name } of tables.rows)
    out[name] = (
      await sql<{
        rows: string | null;
      }>`select json_agg(t order by t::text)::text as rows from ${sql.raw(name)} t`.execute(db)
    ).rows[0]?.rows;
  const sequences = await sql<{ name: string }>`
    select quote_ident(relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'`.execute(
    db,
  );
  for (const { name } of sequences.rows)
    out[name] = (await sql`select last_value, is_called from ${sql.raw(name)}`.execute(db)).rows[0];
  out.settings = (await sql`show statement_timeout`.execute(db)).rows[0];
  return out;
}

// A worker keeps its PGlite databases between files, reset to the template (helpers.ts): the next
// file must find what a new copy of the template holds, whatever the file before it did.
describe.runIf(testDb === 'pglite')('a database kept between test files', { timeout: 120_000 }, () => {
  it('is the template again after a file wrote to it, moved its sequences and changed its settings', async () => {
    const template = await openDatabase({
      dataDir: null,
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    const expected = await contents(template);
    await template.destroy();

    const used = await freshDatabase();
    await sql`insert into faqs (category, question, answer, sort) values ('留下的', '留下的', '留下的', 99)`.execute(
      used.db,
    );
    await sql`delete from agreements`.execute(used.db);
    await sql`insert into users (uid, nickname) values ('left-behind', '留下的')`.execute(used.db);
    await sql`set statement_timeout = 1234`.execute(used.db);
    expect(await contents(used.db)).not.toEqual(expected);
    await used.drop();

    const next = await freshDatabase();
    expect(await contents(next.db)).toEqual(expected);
    await next.drop();
  });

  it('is not kept when a file changed its schema: the next file gets the template schema', async () => {
    const used = await freshDatabase();
    await sql`alter table faqs add column left_behind int`.execute(used.db);
    await used.drop();
    const next = await freshDatabase();
    const columns =
      await sql`select column_name from information_schema.columns where table_name = 'faqs' and column_name = 'left_behind'`.execute(
        next.db,
      );
    expect(columns.rows).toEqual([]);
    await next.drop();
  });

  it('a handle given back answers no more (a timer left running cannot write into the next file’s database)', async () => {
    const used = await freshDatabase();
    await sql`select 1`.execute(used.db);
    await used.drop();
    await expect(sql`select 1`.execute(used.db)).rejects.toThrow();
  });
});
