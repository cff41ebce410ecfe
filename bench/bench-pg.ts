import os from 'node:os';
import pg from 'pg';

/** The PostgreSQL the benchmarks make their databases in (BENCH_PG_URL, or the local one as this user). */
export const adminUrl = (): string =>
  process.env.BENCH_PG_URL ??
  `postgres://${encodeURIComponent(process.env.PGUSER ?? process.env.USER ?? os.userInfo().username)}@127.0.0.1:5432/postgres`;

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection. */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL of BENCH_PG_URL answers within two seconds. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
