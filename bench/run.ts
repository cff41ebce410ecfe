/**
 * `npm run bench`: starts the server in a child process (PGlite in a temp folder, or
 * DATABASE_URL), then
 *  1. autocannon: /health versus system.checkVersion (encrypted, every request freshly signed
 *     with its own nonce), reported as a throughput ratio with p99 latencies;
 *  2. the codec's CPU cost per request on the server side (open + verify + seal) in-process;
 *  3. when PostgreSQL answers (BENCH_PG_URL, default the local server; BENCH_MARKET=0 skips it),
 *     the commodity list at 1,000,000 listings: bench/market-list.ts; then orders placed per second
 *     (bench/orders.ts, BENCH_ORDERS=0 skips it); the list and the orders again on the embedded
 *     default, PGlite (BENCH_MARKET_PGLITE=0 / BENCH_ORDERS_PGLITE=0 skip them); broker orders placed
 *     per second (bench/broker-orders.ts into bench/results/broker.json, BENCH_BROKER=0 skips it);
 *     then, when Redis answers too (BENCH_REDIS_URL,
 *     default redis://127.0.0.1:6379), the order chat at 20,000 sockets on two processes
 *     (bench/chat.ts, BENCH_CHAT=0 skips it); and what metrics on cost the list and the orders
 *     (bench/metrics-cost.ts, BENCH_METRICS=0 skips it).
 * Figures go to stdout and bench/results/latest.json (the market's in full to bench/results/market.json).
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createClientCodec } from '@app/protocol/codec/client';
import {
  generateKeyPem,
  loadServerKey,
  openEnvelope,
  sealData,
  stripEnvelopeFields,
  verifySigned,
} from '@app/protocol/codec/server';
import { computeSign } from '@app/protocol/codec/sign';
import autocannon from 'autocannon';
import { startServer } from '../tests/start-server';
import { productionEnv } from './bench-env';
import { postgresReachable } from './bench-pg';
import { runMarketBench } from './market-list';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const port = 3700 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Pre-sealed checkVersion bodies, each with its own nonce (a replay would be refused). */
function sealBodies(keys: { rsaPublicKey: string; signSecret: string; keyId: string }, count: number): string[] {
  const bodies: string[] = [];
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i++) {
    const params = {
      appVersion: '1.4.2',
      platform: 'h5-ios',
      timestamp: now,
      nonce: randomBytes(16).toString('hex'),
      keyId: keys.keyId,
    };
    const plain = Buffer.from(JSON.stringify({ ...params, sign: computeSign(params, keys.signSecret) }));
    const blocks: Buffer[] = [];
    for (let o = 0; o < plain.length; o += 117) {
      blocks.push(
        publicEncrypt({ key: keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING }, plain.subarray(o, o + 117)),
      );
    }
    bodies.push(JSON.stringify({ encryptData: Buffer.concat(blocks).toString('base64') }));
  }
  return bodies;
}

function codecCpuCost() {
  const key = loadServerKey('bench', generateKeyPem());
  const client = createClientCodec({ rsaPublicKey: key.publicKeyPem, signSecret: 's', keyId: 'bench' });
  const requests = Array.from(
    { length: 2000 },
    (_, i) =>
      (
        client.sealPost({ commodityId: `c-${i}`, price: 128_800, remark: '尽快发货，谢谢' }, true) as {
          encryptData: string;
        }
      ).encryptData,
  );
  const answer = {
    orderId: 'o-20261122-000001',
    status: 1,
    price: 128_800,
    expireTime: 1_795_000_000,
    title: '95级战士 全套神装 元宝300万',
  };
  const now = Math.floor(Date.now() / 1000);
  const start = process.cpuUsage();
  const t0 = performance.now();
  for (const sealed of requests) {
    const { params } = openEnvelope([key], sealed);
    verifySigned(params, { secret: 's', nowSeconds: now });
    stripEnvelopeFields(params);
    sealData(key, answer);
  }
  const cpu = process.cpuUsage(start);
  return {
    requests: requests.length,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / requests.length,
    wallMicrosPerRequest: ((performance.now() - t0) * 1000) / requests.length,
  };
}

const summary = (r: autocannon.Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

const server = await startServer(port, { ...productionEnv(), WEB_DIST: '/nonexistent' });
try {
  const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5`)).json()).data;
  await run({ url: `${base}/health`, duration: 2, connections: CONNECTIONS }); // warm-up
  const health = await run({ url: `${base}/health`, duration: DURATION, connections: CONNECTIONS });
  const bodies = sealBodies(keys, Math.max(20_000, Math.round(health.requests.average * DURATION * 0.6)));
  // The envelope answers HTTP 200 even when it refuses: prove the sealed bodies are accepted.
  const probe = await fetch(`${base}/pb/api/app/system/v1/checkVersion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-source': 'H5' },
    body: sealBodies(keys, 1)[0],
  });
  const probeCode = (await probe.json()).code;
  if (probeCode !== '200') throw new Error(`checkVersion refused the bench body: ${probeCode}`);
  let next = 0;
  const check = await run({
    url: `${base}/pb/api/app/system/v1/checkVersion`,
    duration: DURATION,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-source': 'H5' },
        setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
      },
    ],
  });
  const wrapped = next > bodies.length;
  const codec = codecCpuCost();
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    health: summary(health),
    checkVersionEncrypted: summary(check),
    ratio: Number((check.requests.average / health.requests.average).toFixed(3)),
    bodiesReused: wrapped,
    codec,
  };
  console.info(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
  if (check.non2xx > 0 || check.errors > 0) console.warn('checkVersion had non-2xx answers or errors');
} finally {
  await server.stop();
}

if (process.env.BENCH_MARKET === '0') console.info('market: skipped (BENCH_MARKET=0)');
else if (!(await postgresReachable())) console.info('market: skipped (no PostgreSQL at BENCH_PG_URL)');
else {
  const market = await runMarketBench();
  const latest = JSON.parse(fs.readFileSync('bench/results/latest.json', 'utf8'));
  latest.market = {
    rows: market.rows,
    peak: market.peak,
    peakPlain: market.peakPlain,
    peakEncrypted: market.peakEncrypted,
    peakTicketed: market.peakTicketed,
  };
  fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(latest, null, 2)}\n`);
}

// The same list on the embedded default, PGlite (BENCH_MARKET_PGLITE=0 skips it).
if (process.env.BENCH_MARKET === '0' || process.env.BENCH_MARKET_PGLITE === '0')
  console.info('market on PGlite: skipped');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/market-list.ts'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_MARKET_PGLITE: '1' },
  });
  if (done.status !== 0) console.warn('market on PGlite: the benchmark failed');
  else {
    const pglite = JSON.parse(fs.readFileSync('bench/results/market-pglite.json', 'utf8'));
    const latest = JSON.parse(fs.readFileSync('bench/results/latest.json', 'utf8'));
    latest.marketPglite = {
      rows: pglite.rows,
      peak: pglite.peak,
      peakEncrypted: pglite.peakEncrypted,
      peakTicketed: pglite.peakTicketed,
    };
    fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(latest, null, 2)}\n`);
  }
}

// Orders placed per second on PostgreSQL (bench/orders.ts; BENCH_ORDERS=0 skips it).
if (process.env.BENCH_ORDERS === '0') console.info('orders: skipped (BENCH_ORDERS=0)');
else if (!(await postgresReachable())) console.info('orders: skipped (no PostgreSQL at BENCH_PG_URL)');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/orders.ts'], { stdio: 'inherit' });
  if (done.status !== 0) console.warn('orders: the benchmark failed');
}

// The same orders on the embedded default, PGlite (BENCH_ORDERS_PGLITE=0 skips it).
if (process.env.BENCH_ORDERS === '0' || process.env.BENCH_ORDERS_PGLITE === '0')
  console.info('orders on PGlite: skipped');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/orders.ts'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_ORDERS_DB: 'pglite' },
  });
  if (done.status !== 0) console.warn('orders on PGlite: the benchmark failed');
}

// Broker orders placed per second on PostgreSQL (bench/broker-orders.ts; BENCH_BROKER=0 skips it).
if (process.env.BENCH_BROKER === '0') console.info('broker orders: skipped (BENCH_BROKER=0)');
else if (!(await postgresReachable())) console.info('broker orders: skipped (no PostgreSQL at BENCH_PG_URL)');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/broker-orders.ts'], { stdio: 'inherit' });
  if (done.status !== 0) console.warn('broker orders: the benchmark failed');
  else {
    const broker = JSON.parse(fs.readFileSync('bench/results/broker.json', 'utf8'));
    const latest = JSON.parse(fs.readFileSync('bench/results/latest.json', 'utf8'));
    latest.brokerOrders = { peak: broker.peak, placed: broker.placed, consistent: broker.consistent };
    fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(latest, null, 2)}\n`);
  }
}

// What metrics on cost the list and the orders (bench/metrics-cost.ts; BENCH_METRICS=0 skips it).
if (process.env.BENCH_METRICS === '0') console.info('metrics cost: skipped (BENCH_METRICS=0)');
else if (!(await postgresReachable())) console.info('metrics cost: skipped (no PostgreSQL at BENCH_PG_URL)');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/metrics-cost.ts'], { stdio: 'inherit' });
  if (done.status !== 0) console.warn('metrics cost: the benchmark failed');
  else {
    const cost = JSON.parse(fs.readFileSync('bench/results/metrics-cost.json', 'utf8'));
    const latest = JSON.parse(fs.readFileSync('bench/results/latest.json', 'utf8'));
    latest.metricsCost = { list: cost.list, orders: cost.orders, hookMicrosPerRequest: cost.hookMicrosPerRequest };
    fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(latest, null, 2)}\n`);
  }
}

// The order chat at scale (bench/chat.ts; BENCH_CHAT=0 skips it): PostgreSQL and Redis both needed.
const redisReachable = async () => {
  const { connect } = await import('node:net');
  const at = new URL(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
  return new Promise<boolean>((resolve) => {
    const socket = connect(Number(at.port || 6379), at.hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
};
if (process.env.BENCH_CHAT === '0') console.info('chat: skipped (BENCH_CHAT=0)');
else if (!(await postgresReachable())) console.info('chat: skipped (no PostgreSQL at BENCH_PG_URL)');
else if (!(await redisReachable())) console.info('chat: skipped (no Redis at BENCH_REDIS_URL)');
else {
  const { spawnSync } = await import('node:child_process');
  const done = spawnSync(process.execPath, ['--import', 'tsx', 'bench/chat.ts'], { stdio: 'inherit' });
  if (done.status !== 0) console.warn('chat: the benchmark failed');
}
