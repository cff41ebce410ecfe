import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Which process runs the deadline sweeps. One process alone (PGlite, or a single server) always
 * does. Many processes on one PostgreSQL elect one: the process holding a session-level advisory
 * lock on a connection of its own leads; the others skip their ticks. The lock lives as long as
 * that connection: a leader that stops (its close releases it), dies or loses PostgreSQL loses it,
 * and whichever process asks next takes over. Every tick of a leader checks its connection first,
 * so a leader cut off from PostgreSQL stops sweeping at once.
 */
export interface SweepLeadership {
  /** Whether this process leads the sweeps now (asked at every tick). */
  leads(): Promise<boolean>;
  /** Gives the lead up (the others take it at their next tick). */
  close(): Promise<void>;
}

/** One key of pg_advisory_lock's two-int space, as lockKey (db/locks.ts) builds them. */
const LOCK = "select pg_try_advisory_lock(hashtext('jobs'), hashtext('sweep-leader')) as got";

export function advisoryLeadership(url: string, log: FastifyBaseLogger): SweepLeadership {
  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let asking: Promise<boolean> | null = null;

  const drop = (why: string) => {
    if (held) log.warn(`sweep leadership lost (${why})`);
    held = false;
    const c = client;
    client = null;
    c?.end().catch(() => {});
  };

  const ask = async (): Promise<boolean> => {
    if (!client) {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      c.on('error', (error) => {
        if (client === c) drop(error.message);
      });
      client = c;
      await c.connect();
    }
    if (held) {
      // The lock is as alive as its connection.
      await client.query('select 1');
      return true;
    }
    const { rows } = await client.query<{ got: boolean }>(LOCK);
    held = rows[0]?.got === true;
    if (held) log.info('leads the deadline sweeps');
    return held;
  };

  return {
    leads() {
      if (closed) return Promise.resolve(false);
      // The sweepers tick together: one question at a time on the one connection.
      asking ??= ask()
        .catch((error: unknown) => {
          drop((error as Error).message);
          return false;
        })
        .finally(() => {
          asking = null;
        });
      return asking;
    },
    async close() {
      closed = true;
      await asking;
      const c = client;
      client = null;
      held = false;
      await c?.end().catch(() => {});
    },
  };
}
