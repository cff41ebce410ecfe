import { createHash } from 'node:crypto';
import { type Expression, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL parses and plans an unnamed statement on every run; for the order path that was most
 * of the database's work (decision 0029: parse and bind took 1.5 ms of the 2.3 ms an order cost
 * there). A statement that carries the PREPARED mark (`.$call(prepared)`, or the mark in a raw
 * statement) runs as a named prepared statement, named by a hash of its text: a connection parses it
 * once, and PostgreSQL keeps a generic plan once it costs no more than the custom ones.
 *
 * Opt-in, because a generic plan is chosen from average selectivity: the market's filtered counts
 * (a status parameter against partial indexes, skewed games) took 30-200 ms under generic plans
 * where custom plans take 1 ms. Mark only statements whose best plan does not depend on their
 * values: lookups by key, the order's writes.
 *
 * A connection names at most PER_CONNECTION statements, then runs the rest unnamed. A table changed
 * under a prepared `select *` (a migration of another node's rolling deploy) makes PostgreSQL refuse
 * the plan ("cached plan must not change result type"): that connection is dropped, so the next
 * statement runs on a fresh one, and the error goes on as any database fault.
 */
const MARK = '/* prepared */';
export const PREPARED = sql.raw(MARK);

/** `.$call(prepared)` on a query builder: run it as a named prepared statement (see above). */
export const prepared = <Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q =>
  query.modifyEnd(PREPARED);

const PER_CONNECTION = 2_000;
const NAMES = 10_000;
const names = new Map<string, string>();
const named = new WeakMap<pg.PoolClient, Set<string>>();

const nameOf = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES) names.clear();
    names.set(text, name);
  }
  return name;
};

const staleStatement = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  String((error as { message?: string }).message).includes('cached plan must not change result type');

export function preparedStatements(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let known = named.get(client);
      if (!known) {
        known = new Set();
        named.set(client, known);
      }
      let broken = false;
      const run = async (text: string, values: unknown[]) => {
        if (values.length === 0 || !text.includes(MARK)) return client.query(text, values);
        const name = nameOf(text);
        if (!known.has(name) && known.size >= PER_CONNECTION) return client.query(text, values);
        known.add(name);
        try {
          return await client.query({ name, text, values });
        } catch (error) {
          if (staleStatement(error)) broken = true;
          throw error;
        }
      };
      const session = {
        // A cursor (Kysely's streaming) goes through as it is.
        query: (text: unknown, values?: readonly unknown[]) =>
          typeof text === 'string' ? run(text, [...(values ?? [])]) : client.query(text as never),
        release: (destroy?: boolean) => client.release(Boolean(destroy) || broken),
      } as unknown as PostgresPoolClient;
      return session;
    },
    end: () => pool.end(),
  };
}
