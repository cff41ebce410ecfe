/**
 * Broker orders placed per second on PostgreSQL (issues 18 and 37): `npm run bench:broker`, and a
 * step of `npm run bench` (BENCH_BROKER=0 skips it there).
 *
 *  1. creates bench_broker_<pid> on the PostgreSQL of BENCH_PG_URL and starts the server on it
 *     (the pre environment, as bench/orders.ts: each order asks the game for the buyer's role);
 *  2. seeds an approved merchant of 传奇·演示 with LISTINGS coin listings on 龙腾一区, each with
 *     stock for every order the run can place (so every order takes its stock from a row others
 *     take from at the same time: the guarded update under contention), and one buyer with a
 *     session, a bound phone, a real name and buyer1's game account linked;
 *  3. for each connection count, autocannon POSTs broker.orderPlace, signed, each body with its
 *     own nonce and request key; every answer must be code 200;
 *  4. reports orders/s, p50 and p99 per count, the server's and PostgreSQL's CPU per order (from
 *     /proc, as bench/orders.ts) and the database's transactions per order (pg_stat_database: each
 *     statement outside a transaction is one), checks that every listing's stock went down by
 *     exactly what its orders took, writes bench/results/broker.json and drops the database.
 *
 * BENCH_BROKER_CPU_PROF=<folder> runs the server with --cpu-prof into that folder.
 */
import os from 'node:os';
import { brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import { startServer } from '../tests/start-server';
import { demoGamesEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import { processCpuMs, processesCpuMs } from './proc-cpu';

const SECONDS = Number(process.env.BENCH_BROKER_SECONDS ?? 4);
const LEVELS = (process.env.BENCH_BROKER_CONNECTIONS ?? '1,4,8,16,24').split(',').map(Number);
const LISTINGS = Number(process.env.BENCH_BROKER_LISTINGS ?? 20);
const CPU_PROF = process.env.BENCH_BROKER_CPU_PROF;
/** Seconds of orders at 4 connections before the first count, not reported (the server's first orders compile and plan). */
const WARMUP = Number(process.env.BENCH_BROKER_WARMUP_SECONDS ?? 2);
const STOCK = 1_000_000_000_000;
const QUANTITY = 10_000;
const PATH = callPath(brokerOrderPlace);
const log = (line: string) => console.info(line);

const admin = adminUrl();
const dbName = `bench_broker_${process.pid}`;
await sql(admin, `create database ${dbName}`);
const url = withDatabase(admin, dbName);
const port = Number(process.env.BENCH_BROKER_PORT ?? 3491);
const server = await startServer(
  port,
  { ...demoGamesEnv(), WEB_DIST: '/nonexistent', DATABASE_URL: url, DEMO_MARKET: '0', SWEEP_MS: '0' },
  { nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [] },
);
const perOrder = (before: number | null, after: number | null, orders: number) =>
  before === null || after === null || orders <= 0 ? null : Math.round(((after - before) / orders) * 100) / 100;
/** The bench database's transactions so far (committed and rolled back), as PostgreSQL's statistics have them. */
const transactionsSoFar = async () => {
  // A backend reports its counts when idle, at most once a second: wait for the last of them.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const row = (
    await sql(admin, 'select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = $1', [
      dbName,
    ])
  ).rows[0] as { n: string } | undefined;
  return row ? Number(row.n) : null;
};
const base = `http://127.0.0.1:${port}`;
try {
  const login = (await (
    await fetch(`${base}/demo-game/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
    })
  ).json()) as { ok: boolean; data: { roleId: string } };
  if (!login.ok) throw new Error('demo game login failed');
  const roleId = login.data.roleId;

  log(`broker orders: seeding a merchant with ${LISTINGS} listings and a buyer into ${dbName}…`);
  await sql(
    url,
    `insert into users (uid, mobile, nickname, avatar, has_authentication)
     values ('80000000', '17800000000', '压测商人', '', true), ('80000001', '17800000001', '压测买家', '', true)`,
  );
  const ids = (await sql(url, `select id, uid from users where uid in ('80000000', '80000001')`)).rows;
  const merchantUser = ids.find((r) => r.uid === '80000000')?.id as number;
  const buyerUser = ids.find((r) => r.uid === '80000001')?.id as number;
  await sql(url, `insert into user_identities (provider, subject, user_id) values ('game:demo-legend', 'buyer1', $1)`, [
    buyerUser,
  ]);
  await sql(
    url,
    `insert into broker_configs (application_id, enabled, gold_types, min_quantity, max_quantity, fee_percent, deliver_minutes, confirm_hours)
     values ('demo-legend', true, '[{"goldType":2,"goldName":"金币"}]', 10000, 100000000, 3, 30, 24)`,
  );
  const merchant = await sql(
    url,
    `insert into merchants (user_id, application_id, shop_name, status, credit_fen, terms_accepted_at)
     values ($1, 'demo-legend', '压测金铺', 'approved', 100000, now()) returning id`,
    [merchantUser],
  );
  await sql(
    url,
    `insert into broker_listings (merchant_id, seller_user_id, application_id, server_id, server_name, master_server_id,
       gold_type, gold_name, unit_price_fen, stock, min_per_order, max_per_order, deliver_minutes, status)
     select $1, $2, 'demo-legend', 's1', '龙腾一区', 'm1', 2, '金币', 100 + g, $3, 10000, 1000000, 30, 0
     from generate_series(1, $4) g`,
    [merchant.rows[0].id, merchantUser, STOCK, LISTINGS],
  );
  const listings = (await sql(url, 'select id from broker_listings order by id')).rows.map((r) => String(r.id));
  const { createHash, randomBytes } = await import('node:crypto');
  const token = randomBytes(24).toString('base64url');
  await sql(
    url,
    `insert into sessions (user_id, token_hash, source, expires_at) values ($1, $2, 'APP', now() + interval '1 day')`,
    [buyerUser, createHash('sha256').update(token).digest('hex')],
  );

  const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=APP`)).json()).data;
  const codec = createClientCodec(keys);
  let next = 0;
  const body = () => {
    const i = next++;
    const params = {
      commodityId: listings[i % listings.length],
      quantity: QUANTITY,
      gameAccountId: 'buyer1',
      gameRoleId: roleId,
      requestKey: `bench-broker-${i}`,
      agreement: true,
    };
    return JSON.stringify(codec.sealPost(params, false));
  };
  const results: Array<{
    connections: number;
    rps: number;
    p50: number;
    p99: number;
    refused: number;
    placed: number;
    cpuMsPerOrder: number | null;
    postgresCpuMsPerOrder: number | null;
    transactionsPerOrder: number | null;
  }> = [];
  const load = (connections: number, duration: number, onAnswer: (body: string) => void) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${base}${PATH}`,
          connections,
          duration,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                body: body(),
                headers: { 'content-type': 'application/json', 'x-source': 'APP', 'x-token': token },
              }),
              onResponse: (_status, resBody) => onAnswer(String(resBody)),
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
    });
  if (WARMUP > 0) await load(4, WARMUP, () => {});
  for (const connections of LEVELS) {
    let refused = 0;
    const xactBefore = await transactionsSoFar();
    const cpuBefore = processCpuMs(server.child.pid);
    const pgBefore = processesCpuMs('postgres');
    const result = await load(connections, SECONDS, (answer) => {
      if (!answer.includes('"code":"200"')) {
        if (refused === 0) log(`broker orders: first refusal: ${answer.slice(0, 200)}`);
        refused++;
      }
    });
    const placed = result['2xx'] - refused;
    const cpuMsPerOrder = perOrder(cpuBefore, processCpuMs(server.child.pid), placed);
    const postgresCpuMsPerOrder = perOrder(pgBefore, processesCpuMs('postgres'), placed);
    const row = {
      connections,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      refused,
      placed,
      cpuMsPerOrder,
      postgresCpuMsPerOrder,
      // The statistics' own reads and the wait add a few transactions: nothing per order.
      transactionsPerOrder: perOrder(xactBefore, await transactionsSoFar(), placed),
    };
    results.push(row);
    log(
      `broker orders: ${String(connections).padStart(2)} conn  ${row.rps} orders/s  p50 ${row.p50} ms  p99 ${row.p99} ms  server CPU ${row.cpuMsPerOrder} ms/order  PostgreSQL CPU ${row.postgresCpuMsPerOrder} ms/order  ${row.transactionsPerOrder} transactions/order${refused ? `  NOT PLACED ${refused}` : ''}`,
    );
  }
  // One statement, one snapshot: orders still in flight when autocannon stops commit with their stock at once.
  const snapshot = (
    await sql(
      url,
      `select (select count(*)::int from broker_orders) as n,
              (select coalesce(sum(quantity), 0)::bigint from broker_orders) as q,
              (select coalesce(sum(stock), 0)::bigint from broker_listings) as s`,
    )
  ).rows[0] as { n: number; q: string; s: string };
  const seeded = BigInt(STOCK) * BigInt(LISTINGS);
  const consistent = BigInt(snapshot.s) + BigInt(snapshot.q) === seeded;
  log(
    `broker orders: ${snapshot.n} placed; stock + ordered = the stock seeded: ${consistent ? 'yes' : `NO (stock ${snapshot.s} + ordered ${snapshot.q} vs ${seeded})`}`,
  );
  const peak = results.reduce((a, b) => (b.rps > a.rps ? b : a));
  log(`broker orders: peak ${peak.rps} orders/s at ${peak.connections} connections, p99 ${peak.p99} ms`);
  const fs = await import('node:fs');
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    'bench/results/broker.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`, listings: LISTINGS, results, peak, placed: snapshot.n, consistent }, null, 2)}\n`,
  );
  if (!consistent) process.exitCode = 1;
} finally {
  await server.stop();
  await sql(admin, `drop database if exists ${dbName} with (force)`);
}
