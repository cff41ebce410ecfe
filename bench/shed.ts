/**
 * Load shedding under twice the peak (issue 35.3): `npm run bench:shed`.
 *
 *  1. starts the server on a fresh PostgreSQL database (BENCH_PG_URL's server) in production's
 *     settings, envelopes opened in the event loop (CODEC_WORKERS=0: every request costs it one
 *     RSA operation, the server's real bottleneck);
 *  2. seeds 2,000 coin listings (bench/order-seed.ts), then finds the peak: the commodity list in
 *     version 1 (each request sealed with its own nonce, its answer sealed in RSA blocks) at a closed loop of BENCH_SHED_CONNECTIONS (16) for a few seconds: successful answers per second;
 *  3. offers twice that rate in an open loop (a request every 1/rate s, whatever the answers do)
 *     for BENCH_SHED_SECONDS (20), once with shedding off and once with it on
 *     (SHED_EVENT_LOOP_DELAY_MS = BENCH_SHED_DELAY_MS, 50 by default: the server's default), restarting the server between;
 *  4. reports, per run, the admitted answers (200) per second and their p50/p99/max, the 503s and
 *     their p99, other failures, and the server's event-loop delay; writes bench/results/shed.json.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { commodityList } from '@app/protocol/calls/exchange';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import { startServer } from '../tests/start-server';
import { productionEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import { seedOrderBench } from './order-seed';

const SECONDS = Number(process.env.BENCH_SHED_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_SHED_CONNECTIONS ?? 16);
const DELAY_MS = process.env.BENCH_SHED_DELAY_MS ?? '50';
const port = 3800 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;
const PATH = callPath(commodityList);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Keys {
  rsaPublicKey: string;
  signSecret: string;
  keyId: string;
}

let listed = 0;
/**
 * One commodity list in version 1, as an older client sends it: the signed params sealed with the
 * public key in `encryptParams`; its answer, a page of 20 listings, is sealed in 117-byte RSA
 * blocks with the private key (several milliseconds of the event loop), so this machine's second
 * core can offer twice what the first serves. (A small call, checkVersion, costs the server less
 * than node's HTTP client costs this process: the load could not reach twice the peak.)
 */
function sealBody(keys: Keys): string {
  const params = {
    type: 2,
    serverId: 's1',
    sort: 'newest',
    page: 1 + (listed++ % 5),
    pageSize: 20,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    keyId: keys.keyId,
  };
  const plain = Buffer.from(JSON.stringify({ ...params, sign: computeSign(params, keys.signSecret) }));
  const blocks: Buffer[] = [];
  for (let o = 0; o < plain.length; o += 117)
    blocks.push(
      publicEncrypt({ key: keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING }, plain.subarray(o, o + 117)),
    );
  return `${PATH}?encryptParams=${encodeURIComponent(Buffer.concat(blocks).toString('base64'))}`;
}

/** One GET: its status and how long it took (ms); status 0 when no answer came. */
function post(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'GET', agent, headers: { 'x-source': 'H5', 'x-appid': 'demo-legend' }, timeout: 30_000 },
      (res) => {
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head.length < 16) head += chunk.toString('latin1', 0, 16);
        });
        // An envelope's refusal is HTTP 200 too: only code 200 counts as served.
        res.on('end', () => {
          const status = res.statusCode === 200 && !head.startsWith('{"code":"200"') ? -1 : (res.statusCode ?? 0);
          resolve({ status, ms: performance.now() - started });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(1)) : null;

async function closedLoop(keys: Keys, seconds: number): Promise<number> {
  // Sealed beforehand, as in the open loop: sealing inline made this process the bottleneck.
  const bodies = Array.from({ length: 4000 * seconds }, () => sealBody(keys));
  let next = 0;
  const until = Date.now() + seconds * 1000;
  let ok = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) if ((await post(bodies[next++] ?? sealBody(keys))).status === 200) ok++;
    }),
  );
  return ok / seconds;
}

async function openLoop(keys: Keys, rate: number, seconds: number) {
  // Sealed before the clock starts: sealing as it goes kept this process from offering the rate.
  const bodies = Array.from({ length: Math.ceil(rate * seconds * 1.1) }, () => sealBody(keys));
  let next = 0;
  const answers: Array<{ status: number; ms: number }> = [];
  const pending: Promise<void>[] = [];
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  let owed = 0;
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    owed += perTick;
    for (; owed >= 1; owed--) pending.push(post(bodies[next++] ?? sealBody(keys)).then((a) => void answers.push(a)));
    await new Promise((r) => setTimeout(r, tickMs));
  }
  await Promise.all(pending);
  const ok = answers
    .filter((a) => a.status === 200)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const shed = answers
    .filter((a) => a.status === 503)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  return {
    offeredPerSecond: Math.round(answers.length / seconds),
    admittedPerSecond: Math.round(ok.length / seconds),
    admitted: { count: ok.length, p50: pct(ok, 0.5), p99: pct(ok, 0.99), max: pct(ok, 1) },
    shed: { count: shed.length, p99: pct(shed, 0.99) },
    otherFailures: answers.length - ok.length - shed.length,
  };
}

/** The server's pressure as load shedding last sampled it, sampled through the run (its /metrics). */
function watchPressure() {
  const samples: Array<{ delayMs: number; utilization: number }> = [];
  const timer = setInterval(async () => {
    // Unanswered within 2 s under overload: that sample is missing (the count says how many came).
    const text = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.text())
      .catch(() => '');
    const value = (m: string) =>
      Number(text.match(new RegExp(`^process_pressure\\{measure="${m}"\\} (\\S+)$`, 'm'))?.[1]);
    const delayMs = value('event_loop_delay_ms');
    if (Number.isFinite(delayMs)) samples.push({ delayMs, utilization: value('event_loop_utilization') });
  }, 500);
  return () => {
    clearInterval(timer);
    const delays = samples.map((s) => s.delayMs).sort((a, b) => a - b);
    const use = samples.map((s) => s.utilization).sort((a, b) => a - b);
    return {
      samples: samples.length,
      delayMsP50: pct(delays, 0.5),
      delayMsMax: pct(delays, 1),
      utilizationP50: use[Math.floor(use.length / 2)] ?? null,
    };
  };
}

async function main() {
  const name = `bench_shed_${process.pid}`;
  await sql(adminUrl(), `create database ${name}`);
  const env = {
    ...productionEnv(),
    DATABASE_URL: withDatabase(adminUrl(), name),
    WEB_DIST: '/nonexistent',
    DEMO_MARKET: '0',
    SWEEP_MS: '0',
    CODEC_WORKERS: '0',
  };
  const results: Record<string, unknown> = { seconds: SECONDS, delayMs: Number(DELAY_MS) };
  try {
    let rate = 0;
    for (const [label, shedMs] of [
      ['off', '0'],
      ['on', DELAY_MS],
    ] as const) {
      const server = await startServer(port, { ...env, SHED_EVENT_LOOP_DELAY_MS: shedMs });
      try {
        if (label === 'off') await seedOrderBench((text, values) => sql(env.DATABASE_URL, text, values), 2000, 1);
        const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5`)).json()).data as Keys;
        const peak = await closedLoop(keys, 4);
        if (!rate) {
          rate = Math.round(peak * 2);
          results.peakPerSecond = Math.round(peak);
          results.offeredPerSecond = rate;
          console.info(`peak ${Math.round(peak)} answers/s at ${CONNECTIONS} connections; offering ${rate}/s`);
        }
        await new Promise((r) => setTimeout(r, 1500));
        const stopWatching = watchPressure();
        const run = await openLoop(keys, rate, SECONDS);
        const loop = stopWatching();
        results[`shedding ${label}`] = { ...run, eventLoop: loop };
        console.info(`shedding ${label}:`, JSON.stringify({ ...run, eventLoop: loop }));
      } finally {
        await server.stop();
      }
    }
  } finally {
    await sql(adminUrl(), `drop database if exists ${name} with (force)`);
    agent.destroy();
  }
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/shed.json', `${JSON.stringify(results, null, 2)}\n`);
}

await main();
