/**
 * Orders placed per second (issues 7 and 19): `npm run bench:orders`.
 *
 *  1. on PostgreSQL (the default): creates bench_orders_<pid> on the PostgreSQL of BENCH_PG_URL and
 *     starts the server on it; with BENCH_ORDERS_DB=pglite, the embedded default instead: the server
 *     starts once on a fresh data folder (it migrates its PGlite there), stops, the folder is seeded
 *     through PGlite, and the server starts again on it (production's settings in the pre
 *     environment, since production refuses the demo games; each order asks the game for the
 *     buyer's token and role);
 *  2. seeds coin listings of 传奇·演示 on 龙腾一区 (one per order to place) and buyers with
 *     sessions, bound phones and real names; every buyer delivers to buyer1's role (the game token
 *     of one demo login, checked by the game on every request, as the SDK view sends it);
 *  3. for each connection count, autocannon POSTs h5sdk.orderPlace v2, signed (withOutEncrypt),
 *     each body with its own nonce, listing and request key; every answer must be code 200 and
 *     every order must exist once afterwards;
 *  4. reports requests/s, p50 and p99 per count, and drops the database (or the folder).
 *
 * BENCH_ORDERS_CPU_PROF=<folder> runs the server with --cpu-prof into that folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { type RunningServer, startServer } from '../tests/start-server';
import { demoGamesEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import { demoGameLogin, seedOrderBench } from './order-seed';
import { processCpuMs, processesCpuMs } from './proc-cpu';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 4);
const LEVELS = (process.env.BENCH_ORDERS_CONNECTIONS ?? '1,4,8,16,24').split(',').map(Number);
const BUYERS = 200;
const POOL = Number(process.env.BENCH_ORDERS_POOL ?? 6_000);
const EMBEDDED = process.env.BENCH_ORDERS_DB === 'pglite';
const CPU_PROF = process.env.BENCH_ORDERS_CPU_PROF;
const PATH = callPath(h5sdkOrderPlace);
const log = (line: string) => console.info(line);

type Rows = { rows: Array<Record<string, unknown>> };
/** The benchmark's database, whichever it is: a statement, and its end. */
interface BenchDb {
  query(text: string, values?: unknown[]): Promise<Rows>;
  close(): Promise<void>;
}

const port = Number(process.env.BENCH_ORDERS_PORT ?? 3490);
const env = { ...demoGamesEnv(), WEB_DIST: '/nonexistent', DEMO_MARKET: '0', SWEEP_MS: '0' };
const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
const admin = adminUrl();
const dbName = `bench_orders_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
let url = '';

/** PGlite is one process's: the server is stopped while the bench opens its folder. */
async function embeddedDb(): Promise<BenchDb> {
  const db = await openDatabase({ dataDir });
  return {
    query: async (text, values = []) => ({
      rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows as Array<Record<string, unknown>>,
    }),
    close: () => db.destroy(),
  };
}
const postgresDb = (): BenchDb => ({ query: (text, values) => sql(url, text, values), close: async () => {} });

let server: RunningServer | undefined;
/**
 * The server process's CPU time so far (null without /proc): per order placed, it varies far less
 * than throughput on a machine shared with other work. PGlite runs inside the server, so there the
 * database's CPU is in it.
 */
const serverCpuMs = () => processCpuMs(server?.child.pid);
/**
 * The CPU time so far of every PostgreSQL process on this machine (the backends of the server's
 * pool live through a run; meaningless when the database is on another machine): beside the
 * server's, where an order's cost goes.
 */
const postgresCpuMs = () => (EMBEDDED ? null : processesCpuMs('postgres'));
const perOrder = (before: number | null, after: number | null, orders: number) =>
  before === null || after === null || orders <= 0 ? null : Math.round(((after - before) / orders) * 100) / 100;

if (EMBEDDED) {
  // Migrated by the server itself, then seeded while it is down.
  await (await startServer(port, env, { dataDir })).stop();
} else {
  await sql(admin, `create database ${dbName}`);
  url = withDatabase(admin, dbName);
  Object.assign(env, { DATABASE_URL: url });
  server = await startServer(port, env, { dataDir, nodeArgs });
}
const base = `http://127.0.0.1:${port}`;
try {
  const total = POOL * LEVELS.length;
  log(`orders: seeding ${total} listings and ${BUYERS} buyers into ${EMBEDDED ? `PGlite in ${dataDir}` : dbName}…`);
  const seed = EMBEDDED ? await embeddedDb() : postgresDb();
  const { listings, tokens } = await seedOrderBench(seed.query, total, BUYERS);
  await seed.close();
  if (EMBEDDED) server = await startServer(port, env, { dataDir, nodeArgs });

  const pt = await demoGameLogin(base);

  const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5SDK`)).json()).data;
  const codec = createClientCodec(keys);
  let next = 0;
  /** A fresh body for the next listing: its own nonce, timestamp and request key. */
  const body = () => {
    const i = next++;
    const params = {
      ...pt,
      commodityId: listings[i % listings.length],
      requestKey: `bench-order-${i}`,
      agreement: true,
    };
    return { body: JSON.stringify(codec.sealPost(params, false)), token: tokens[i % tokens.length] as string };
  };
  const results: Array<{
    connections: number;
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    refused: number;
    cpuMsPerOrder: number | null;
    postgresCpuMsPerOrder: number | null;
    /** This process's own (autocannon and the bodies it seals): the load's share of the machine. */
    loadCpuMsPerOrder: number | null;
    /** Answers with an order (code 200). */
    placed: number;
  }> = [];
  for (const connections of LEVELS) {
    let refused = 0;
    const cpuBefore = serverCpuMs();
    const pgBefore = postgresCpuMs();
    const benchBefore = processCpuMs(process.pid);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}${PATH}`,
          connections,
          duration: SECONDS,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const b = body();
                return {
                  ...req,
                  body: b.body,
                  headers: { 'content-type': 'application/json', 'x-source': 'H5SDK', 'x-token': b.token },
                };
              },
              onResponse: (_status, resBody) => {
                if (!String(resBody).includes('"code":"200"')) {
                  if (refused === 0) log(`orders: first refusal: ${String(resBody).slice(0, 200)}`);
                  refused++;
                }
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
      void instance;
    });
    const row = {
      connections,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      refused,
      cpuMsPerOrder: perOrder(cpuBefore, serverCpuMs(), result['2xx'] - refused),
      postgresCpuMsPerOrder: perOrder(pgBefore, postgresCpuMs(), result['2xx'] - refused),
      loadCpuMsPerOrder: perOrder(benchBefore, processCpuMs(process.pid), result['2xx'] - refused),
      placed: result['2xx'] - refused,
    };
    results.push(row);
    log(
      `orders: ${String(connections).padStart(2)} conn  ${row.rps} orders/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.cpuMsPerOrder === null ? '' : `  server CPU ${row.cpuMsPerOrder} ms/order`}${row.postgresCpuMsPerOrder === null ? '' : `  PostgreSQL CPU ${row.postgresCpuMsPerOrder} ms/order`}${row.loadCpuMsPerOrder === null ? '' : `  load CPU ${row.loadCpuMsPerOrder} ms/order`}${refused ? `  NOT PLACED ${refused}` : ''}`,
    );
  }
  // Stopped first: the embedded database is the server's while it runs.
  await server?.stop();
  const check = EMBEDDED ? await embeddedDb() : postgresDb();
  const counted = (await check.query('select count(*)::int as n, count(distinct commodity_id)::int as d from orders'))
    .rows[0] as { n: number; d: number };
  await check.close();
  log(`orders: ${counted.n} orders placed, on ${counted.d} distinct listings (each listing ordered once)`);
  // A body past the last listing orders one already ordered: the same buyer's order is resumed,
  // cheaper than a placement, so the figures would flatter the server.
  const answered = results.reduce((sum, r) => sum + r.placed, 0);
  if (next > listings.length || counted.n < answered)
    throw new Error(
      `orders: ${answered} answers for ${counted.n} orders on ${listings.length} listings: raise BENCH_ORDERS_POOL`,
    );
  const peak = results.reduce((a, b) => (b.rps > a.rps ? b : a));
  log(`orders: peak ${peak.rps} orders/s at ${peak.connections} connections, p99 ${peak.p99} ms`);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    EMBEDDED ? 'bench/results/orders-pglite.json' : 'bench/results/orders.json',
    `${JSON.stringify({ date: new Date().toISOString(), database: EMBEDDED ? 'PGlite' : 'PostgreSQL', machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`, results, peak, placed: counted }, null, 2)}\n`,
  );
} finally {
  await server?.stop();
  if (!EMBEDDED) await sql(admin, `drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
