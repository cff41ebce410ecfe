/**
 * What the metrics cost on the hot path (issue 35): `npm run bench:metrics`, and a step of
 * `npm run bench` (BENCH_METRICS=0 skips it).
 *
 *  1. creates bench_metrics_<pid> on the PostgreSQL of BENCH_PG_URL and starts two server
 *     processes on it with the same settings (production's, the pre environment for the demo
 *     game), one with METRICS=on and one with METRICS=off;
 *  2. seeds coin listings and buyers (bench/order-seed.ts);
 *  3. runs, for BENCH_METRICS_ROUNDS rounds, the commodity list (signed, not sealed: the cheapest
 *     call, where a fixed cost per request weighs most) at 16 connections and orderPlace at 8, on
 *     one process, the other, the other again and the first again (A B B A, which process is A
 *     alternating by round): this machine's speed moves by a tenth from run to run, and the order
 *     makes a drift within a round weigh on both alike (both at once shared the cores unevenly:
 *     rounds 30 % apart);
 *  4. reports per call each process's median requests/s, the ratio of all the answers of on to
 *     those of off (the target: within 3 %), each round's own ratio, the server's CPU per request,
 *     and the answer hook's own cost measured in-process.
 * Figures go to bench/results/metrics-cost.json.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { commodityList } from '@app/protocol/calls/exchange';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { createClientCodec } from '@app/protocol/codec/client';
import { computeSign, type Params, signValue } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import { LATENCY_BUCKETS, Metrics } from '../apps/server/src/platform/metrics/metrics';
import { type RunningServer, startServer } from '../tests/start-server';
import { demoGamesEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import { demoGameLogin, type OrderSeed, seedOrderBench } from './order-seed';
import { processCpuMs } from './proc-cpu';

const ROUNDS = Math.max(1, Number(process.env.BENCH_METRICS_ROUNDS ?? 8));
const SECONDS = Number(process.env.BENCH_METRICS_SECONDS ?? 3);
const LIST_CONNECTIONS = 16;
const ORDER_CONNECTIONS = 8;
const TARGET = 0.97;
const LISTINGS = Number(process.env.BENCH_METRICS_LISTINGS ?? 80_000);
const log = (line: string) => console.info(line);

type Side = 'on' | 'off';
interface Run {
  rps: number;
  p99: number;
  cpuMsPerRequest: number | null;
  refused: number;
}

interface Target {
  side: Side;
  server: RunningServer;
  base: string;
  /** The H5 list's keys and the SDK view's (each source has its own). */
  keys: Record<'H5' | 'H5SDK', { rsaPublicKey: string; signSecret: string; keyId: string }>;
  game: { gameId: string; gameToken: string; serverId: string };
}

function autocannonRun(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** One list request as the web client signs it: its own nonce, a page of 1–5, one of three sorts. */
function listPath(keys: Target['keys']['H5'], i: number): string {
  const sorts = ['newest', 'priceAsc', 'unitPriceAsc'];
  const params: Params = {
    type: 2,
    serverId: 's1',
    sort: sorts[i % sorts.length] as string,
    page: 1 + (i % 5),
    pageSize: 20,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    keyId: keys.keyId,
  };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, sign: computeSign(params, keys.signSecret) }))
    query.set(k, signValue(v));
  return `${callPath(commodityList)}?${query}`;
}

async function measure(
  target: Target,
  connections: number,
  request: () => autocannon.Request & { path?: string },
  accepted: (body: string) => boolean,
): Promise<Run> {
  let refused = 0;
  const before = processCpuMs(target.server.child.pid);
  const result = await autocannonRun({
    url: target.base,
    connections,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...request() }),
        onResponse: (_status, body) => {
          if (!accepted(String(body))) {
            if (refused === 0) log(`metrics: first refusal on ${target.side}: ${String(body).slice(0, 200)}`);
            refused++;
          }
        },
      },
    ],
  });
  const after = processCpuMs(target.server.child.pid);
  const answered = result['2xx'] - refused;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuMsPerRequest: before === null || after === null || answered <= 0 ? null : (after - before) / answered,
    refused: refused + result.non2xx + result.errors,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round3 = (n: number) => Number(n.toFixed(3));

function summarise(runs: Record<Side, Run[]>) {
  const side = (s: Side) => ({
    rps: median(runs[s].map((r) => r.rps)),
    p99ms: median(runs[s].map((r) => r.p99)),
    cpuMsPerRequest: round3(median(runs[s].map((r) => r.cpuMsPerRequest ?? Number.NaN))),
    runs: runs[s].map((r) => r.rps),
  });
  const on = side('on');
  const off = side('off');
  // Each round ran on, off, off, on (or the reverse): the ratio of all their answers is the
  // estimate; each round's own ratio shows the spread.
  const sum = (s: Side) => runs[s].reduce((n, r) => n + r.rps, 0);
  const ratio = round3(sum('on') / sum('off'));
  const pair = (s: Side, k: number) => (runs[s][2 * k]?.rps ?? Number.NaN) + (runs[s][2 * k + 1]?.rps ?? Number.NaN);
  const roundRatios = Array.from({ length: runs.on.length / 2 }, (_, k) => round3(pair('on', k) / pair('off', k)));
  return {
    on,
    off,
    ratio,
    roundRatios,
    cpuRatio: round3(on.cpuMsPerRequest / off.cpuMsPerRequest),
    met: ratio >= TARGET,
  };
}

/**
 * What the answer hook of metrics on (httpMetrics) adds to each request in this process, without
 * the network's noise: one counter with four labels and one histogram with two, as the hook does.
 */
function hookMicrosPerRequest(): number {
  const metrics = new Metrics();
  const requests = metrics.counter({ name: 'r', help: 'r', labelNames: ['route', 'method', 'status', 'code'] });
  const latency = metrics.histogram({
    name: 'l',
    help: 'l',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
  });
  const routes = [callPath(commodityList), callPath(h5sdkOrderPlace)];
  const n = 200_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const route = routes[i % 2] as string;
    requests.inc({ route, method: 'GET', status: 200, code: '200' });
    latency.observe({ route, method: 'GET' }, (i % 50) / 1000);
  }
  return round3(((performance.now() - t0) * 1000) / n);
}

export async function runMetricsCost() {
  const admin = adminUrl();
  const dbName = `bench_metrics_${process.pid}`;
  await sql(admin, `create database ${dbName}`);
  const url = withDatabase(admin, dbName);
  const env = { ...demoGamesEnv(), WEB_DIST: '/nonexistent', DEMO_MARKET: '0', SWEEP_MS: '0', DATABASE_URL: url };
  const targets: Target[] = [];
  let seed: OrderSeed | undefined;
  try {
    for (const side of ['on', 'off'] as const) {
      const port = 3900 + Math.floor(Math.random() * 90);
      const server = await startServer(port, { ...env, METRICS: side });
      const base = `http://127.0.0.1:${port}`;
      if (side === 'on') {
        log(`metrics: seeding ${LISTINGS} listings and 200 buyers into ${dbName}…`);
        seed = await seedOrderBench((t, v) => sql(url, t, v), LISTINGS, 200);
      }
      const keysOf = async (source: string) =>
        (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=${source}`)).json()).data;
      const keys = { H5: await keysOf('H5'), H5SDK: await keysOf('H5SDK') };
      targets.push({ side, server, base, keys, game: await demoGameLogin(base) });
    }
    if (!seed) throw new Error('metrics: not seeded');
    const { listings, tokens } = seed;
    const metricsText = await (await fetch(`${targets[0]?.base}/metrics`)).text();
    const offAnswer = await fetch(`${targets[1]?.base}/metrics`);
    log(`metrics: on answers /metrics with ${metricsText.split('\n').length} lines; off answers ${offAnswer.status}`);

    let nextListing = 0;
    let nextList = 0;
    const list = (t: Target) => () => ({
      method: 'GET' as const,
      path: listPath(t.keys.H5, nextList++),
      headers: { 'x-source': 'H5', 'x-appid': 'demo-legend' },
    });
    const codecs = new Map(targets.map((t) => [t.side, createClientCodec(t.keys.H5SDK)]));
    const order = (t: Target) => () => {
      const i = nextListing++;
      const params = { ...t.game, commodityId: listings[i], requestKey: `bench-metrics-${i}`, agreement: true };
      return {
        method: 'POST' as const,
        path: callPath(h5sdkOrderPlace),
        body: JSON.stringify(codecs.get(t.side)?.sealPost(params, false)),
        headers: {
          'content-type': 'application/json',
          'x-source': 'H5SDK',
          'x-token': tokens[i % tokens.length] as string,
        },
      };
    };
    const ok = (body: string) => body.startsWith('{"code":"200"');
    // Warm-up, twice: both handlers' JIT, the pools' connections.
    for (const t of [...targets, ...targets]) {
      await measure(t, LIST_CONNECTIONS, list(t), ok);
      await measure(t, ORDER_CONNECTIONS, order(t), ok);
    }
    const lists: Record<Side, Run[]> = { on: [], off: [] };
    const orders: Record<Side, Run[]> = { on: [], off: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // A B B A: a drift of the machine's speed within the round weighs on both alike.
      const [a, b] = (round % 2 === 0 ? targets : [...targets].reverse()) as [Target, Target];
      for (const t of [a, b, b, a]) {
        lists[t.side].push(await measure(t, LIST_CONNECTIONS, list(t), ok));
        orders[t.side].push(await measure(t, ORDER_CONNECTIONS, order(t), ok));
      }
      log(
        `metrics: round ${round + 1} of ${ROUNDS}: list on ${lists.on.at(-1)?.rps} / off ${lists.off.at(-1)?.rps} rps, orders on ${orders.on.at(-1)?.rps} / off ${orders.off.at(-1)?.rps}/s`,
      );
    }
    if (nextListing > listings.length) throw new Error('metrics: listings ran out: raise BENCH_METRICS_LISTINGS');
    const refused = [...lists.on, ...lists.off, ...orders.on, ...orders.off].reduce((n, r) => n + r.refused, 0);
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; both servers, PostgreSQL and autocannon share them`,
      rounds: ROUNDS,
      secondsPerRun: SECONDS,
      target: `metrics on within ${Math.round((1 - TARGET) * 100)} % of off`,
      list: { connections: LIST_CONNECTIONS, ...summarise(lists) },
      orders: { connections: ORDER_CONNECTIONS, ...summarise(orders) },
      refused,
      hookMicrosPerRequest: hookMicrosPerRequest(),
    };
    for (const [name, r] of [
      ['list', result.list],
      ['orders', result.orders],
    ] as const)
      log(
        `metrics: ${name} at ${r.connections} conn: on ${r.on.rps}/s p99 ${r.on.p99ms} ms, off ${r.off.rps}/s p99 ${r.off.p99ms} ms: ratio ${r.ratio} (${r.met ? 'met' : 'MISSED'}; rounds ${Math.min(...r.roundRatios)}–${Math.max(...r.roundRatios)}); server CPU ${r.on.cpuMsPerRequest} vs ${r.off.cpuMsPerRequest} ms a request (${r.cpuRatio})`,
      );
    log(`metrics: the answer hook's counter and histogram: ${result.hookMicrosPerRequest} µs a request in-process`);
    if (refused) log(`metrics: ${refused} requests refused or failed`);
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/metrics-cost.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    for (const t of targets) await t.server.stop();
    await sql(admin, `drop database if exists ${dbName} with (force)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runMetricsCost();
