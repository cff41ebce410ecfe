import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { advisoryLeadership } from '../src/platform/jobs/sweep-leader';
import { freshDatabase, type TestDatabase, testDb } from './helpers';

/**
 * Many processes on one PostgreSQL: one leads the sweeps (platform/jobs/sweep-leader.ts). The
 * scale suite shows it across real processes; here, the lock's hand-over itself.
 */
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

describe.runIf(testDb === 'postgres')('sweep leadership', () => {
  it('one holder at a time; the lead passes on when the leader closes or loses its connection', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const log = pino({ level: 'silent' });
    const url = database.url as string;
    const [a, b, c] = [advisoryLeadership(url, log), advisoryLeadership(url, log), advisoryLeadership(url, log)];
    // Asked together, as the sweepers of one process tick together: one answer for the process.
    expect(await Promise.all([a.leads(), a.leads()])).toEqual([true, true]);
    expect(await b.leads()).toBe(false);
    expect(await a.leads()).toBe(true);
    await a.close();
    expect(await a.leads()).toBe(false);
    expect(await b.leads()).toBe(true);
    expect(await c.leads()).toBe(false);
    // The leader's connection cut (as a PostgreSQL restart cuts it): the lock goes with it, and
    // whoever asks next leads (the old leader too, on a new connection); never two at once.
    await sql`select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted and pid <> pg_backend_pid()
        and database = (select oid from pg_database where datname = current_database())`.execute(database.db);
    let leaders: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      leaders = [await b.leads(), await c.leads()];
      expect(leaders.filter(Boolean).length).toBeLessThan(2);
      if (leaders.some(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(leaders.filter(Boolean).length).toBe(1);
    await b.close();
    await c.close();
  });
});
