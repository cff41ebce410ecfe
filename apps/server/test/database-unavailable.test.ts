import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/platform/errors';
import { freshDatabase, type TestDatabase } from './helpers';

/**
 * What counts as "the database is not there" (503/10000, retry) rather than a fault of the request:
 * the errors a real database gives, on PGlite and PostgreSQL.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.drop());

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => e,
  );

describe('isDatabaseUnavailable', () => {
  it('a write refused as read-only (a standby not promoted yet, mid-failover) is unavailable', async () => {
    const refused = await failure(
      t.db.transaction().execute(async (tx) => {
        await sql`set transaction read only`.execute(tx);
        await sql`insert into settings (key, value) values ('read-only-probe', '1'::jsonb)`.execute(tx);
      }),
    );
    expect((refused as { code?: string }).code).toBe('25006');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    // Nothing was written.
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from settings where key = 'read-only-probe'`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("the request's own faults are not: a duplicate key, a value out of range, a missing table", async () => {
    await sql`insert into settings (key, value) values ('dup-probe', '1'::jsonb)`.execute(t.db);
    const duplicate = await failure(
      sql`insert into settings (key, value) values ('dup-probe', '2'::jsonb)`.execute(t.db),
    );
    const range = await failure(sql`select 2147483648::int`.execute(t.db));
    const missing = await failure(sql`select * from no_such_table`.execute(t.db));
    expect([duplicate, range, missing].map((e) => (e as { code?: string }).code)).toEqual(['23505', '22003', '42P01']);
    expect([duplicate, range, missing].map(isDatabaseUnavailable)).toEqual([false, false, false]);
  });

  it('connection-level failures are', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable({ code })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ code: '40001' })).toBe(false);
  });
});
