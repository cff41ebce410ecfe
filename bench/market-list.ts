/**
 * The commodity-list benchmark (ARCHITECTURE.md "Performance budgets": p99 under 50 ms at
 * 1,000,000 listings on PostgreSQL at the concurrency where throughput peaks).
 *
 *  1. creates bench_market_<pid> on the PostgreSQL of BENCH_PG_URL (default the local server,
 *     trust auth) and seeds it with market-seed.ts — or uses BENCH_MARKET_DB as it is (seeded
 *     before; nothing created or dropped);
 *  2. the EXPLAIN check of market-explain.ts (every sort, with and without a server);
 *  3. starts the server against that database and, at each connection count, runs autocannon
 *     on /health and on GET commodityList with the mix of market-cases.ts (pages 1–5), sealed
 *     as the web client sends it (codec version 2: encryptKey + encryptParams, the answer sealed
 *     under the request's key; every URL with its own nonce, used once), and the same mix signed
 *     but not sealed;
 *  4. reports the peaks: requests/s, p50, p99, the ratio to /health, the sealed peak's ratio to
 *     the unsealed one (issue 19: at least 0.8), and drops the database.
 *
 * `npm run bench` runs it after the codec benchmark when PostgreSQL answers (BENCH_MARKET=0
 * skips it); `npm run bench:market` runs it alone. Figures go to bench/results/market.json.
 */
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commodityList } from '@app/protocol/calls/exchange';
import { createClientCodec } from '@app/protocol/codec/client';
import { KEY_TICKET_MAX_USES } from '@app/protocol/codec/key-ticket';
import { generateKeyPem, loadServerKey, sealData, sealDataV2 } from '@app/protocol/codec/server';
import { computeSign, type Params, signValue } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../apps/server/src/database';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { startServer } from '../tests/start-server';
import { productionEnv } from './bench-env';
import { adminUrl, postgresReachable, sql, withDatabase } from './bench-pg';
import { MARKET_CASES, type MarketCase } from './market-cases';
import { type ExplainRow, explainMarket, printExplain } from './market-explain';
import { type SeedResult, seedMarket, seedMarketPglite } from './market-seed';
import { processCpuMs } from './proc-cpu';

const P99_BUDGET_MS = 50;
const ROWS = Number(process.env.BENCH_MARKET_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_MARKET_SECONDS ?? 4);
const HEALTH_SECONDS = Number(process.env.BENCH_MARKET_HEALTH_SECONDS ?? 2);
const LEVELS = (process.env.BENCH_MARKET_CONNECTIONS ?? '4,8,16,32').split(',').map(Number);
const PLAIN_LEVELS = (process.env.BENCH_MARKET_PLAIN_CONNECTIONS ?? '4,8,16,32').split(',').filter(Boolean).map(Number);
/**
 * How many times the whole interleaved cycle runs (BENCH_MARKET_ROUNDS): on a machine whose speed
 * moves from minute to minute, each connection count then reports the median of its rounds.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_MARKET_ROUNDS ?? 1));
const PAGE_WEIGHTS = [5, 2, 1, 1, 1]; // pages 1–5: most readers stay on the first page
const LIST_PATH = callPath(commodityList);

interface Keys {
  rsaPublicKey: string;
  signSecret: string;
  keyId: string;
}

interface Figures {
  connections: number;
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  refused?: number;
  /**
   * The server process's CPU per answered request: it moves far less than throughput on this shared
   * machine, and its ratio between two paths is the ratio of what one core serves of each.
   */
  cpuMsPerRequest?: number;
}

export interface MarketResult {
  date: string;
  /** Where the listings live: PostgreSQL (the scaled deployment's) or PGlite (the embedded default). */
  database: 'postgres' | 'pglite';
  machine: string;
  rows: number;
  onSale: number;
  seed: SeedResult['seconds'] | 'reused';
  durationSeconds: number;
  explain: Array<Pick<ExplainRow, 'name' | 'page' | 'indexes' | 'ok' | 'gap' | 'rowsRead'> & { ms: number }>;
  health: Figures[];
  listEncrypted: Figures[];
  /** Sealed in version 2 under key tickets (PROTOCOL.md): the web's path since decision 0077. */
  listTicketed: Figures[];
  listPlain: Figures[];
  responseSeal: ReturnType<typeof sealCost>;
  peak: Figures & { ratioToHealth: number; healthPeakRps: number; p99BudgetMet: boolean };
  peakPlain: (Figures & { ratioToHealth: number }) | null;
  peakEncrypted: Figures & { ratioToHealth: number; ratioToPlain: number | null };
  peakTicketed: Figures & { ratioToPlain: number | null; ratioToSealed: number };
  cpuMsPerRequest: ReturnType<typeof cpuSummary>;
}

/** The server's CPU a request of each path (median of every run) and the ratios of what one core serves. */
function cpuSummary(rounds: Array<{ listEncrypted: Figures[]; listTicketed: Figures[]; listPlain: Figures[] }>) {
  const med = (pick: (r: (typeof rounds)[number]) => Figures[]) => {
    const all = rounds
      .flatMap(pick)
      .map((f) => f.cpuMsPerRequest)
      .filter((v): v is number => typeof v === 'number')
      .sort((a, b) => a - b);
    return all.length ? (all[Math.floor(all.length / 2)] as number) : null;
  };
  const sealed = med((r) => r.listEncrypted);
  const ticketed = med((r) => r.listTicketed);
  const plain = med((r) => r.listPlain);
  const ratio = (a: number | null, b: number | null) => (a && b ? Number((b / a).toFixed(3)) : null);
  return {
    sealed,
    ticketed,
    plain,
    /** Requests a core serves sealed (or under tickets) per request it serves unsealed. */
    sealedCapacityToPlain: ratio(sealed, plain),
    ticketedCapacityToPlain: ratio(ticketed, plain),
  };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const figures = (
  connections: number,
  r: autocannon.Result,
  refused?: number,
  cpuMsPerRequest?: number | null,
): Figures => ({
  connections,
  requestsPerSecond: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
  ...(refused === undefined ? {} : { refused }),
  ...(cpuMsPerRequest == null ? {} : { cpuMsPerRequest: Number(cpuMsPerRequest.toFixed(4)) }),
});

async function admin(statement: string): Promise<void> {
  await sql(adminUrl(), statement);
}

/** The weighted request mix: each entry is a case and a page. */
function mix(): Array<{ c: MarketCase; page: number }> {
  const out: Array<{ c: MarketCase; page: number }> = [];
  for (const c of MARKET_CASES)
    for (let w = 0; w < c.weight; w++)
      PAGE_WEIGHTS.forEach((pw, i) => {
        for (let k = 0; k < pw; k++) out.push({ c, page: i + 1 });
      });
  return out;
}

interface Prepared {
  path: string;
  appId: string;
  /** The request's K (sealed modes). */
  key?: Buffer;
}

/** How a list request goes: signed only, sealed in version 2 with a key each, or under a key ticket. */
type Mode = 'plain' | 'sealed' | 'ticket';
interface Ticket {
  ticket: string;
  key: Buffer;
}

/**
 * One request as the web client builds it: params + timestamp, nonce, keyId, sign; sealed in codec
 * version 2 (a fresh 32-byte key under RSA as `encryptKey`, the JSON under AES-256-GCM as
 * `encryptParams`; node:crypto here, the same bytes as the client's, faster to pre-generate), or
 * under a key ticket's K (`keyTicket` instead of `encryptKey`), or only signed.
 */
function prepare(keys: Keys, c: MarketCase, page: number, mode: Mode, ticket?: Ticket): Prepared {
  const params: Params = { ...c.params, page, pageSize: 20 };
  const stamped: Params = {
    ...params,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    keyId: keys.keyId,
  };
  const signed = { ...stamped, sign: computeSign(stamped, keys.signSecret) };
  const query = new URLSearchParams();
  if (mode === 'plain') {
    for (const [k, v] of Object.entries(signed)) query.set(k, signValue(v));
    return { path: `${LIST_PATH}?${query}`, appId: c.appId };
  }
  const key = ticket?.key ?? randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(signed)), cipher.final(), cipher.getAuthTag()]);
  if (ticket) query.set('keyTicket', ticket.ticket);
  else
    query.set(
      'encryptKey',
      publicEncrypt({ key: keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING }, key).toString('base64'),
    );
  query.set('encryptParams', sealed.toString('base64'));
  return { path: `${LIST_PATH}?${query}`, appId: c.appId, key };
}

/** A key ticket, as the web gets one: a version-2 list request with `X-Key-Ticket: want`. */
async function fetchTicket(keys: Keys): Promise<Ticket> {
  const c = MARKET_CASES[0] as MarketCase;
  const asked = prepare(keys, c, 1, 'sealed');
  const res = await fetch(`http://127.0.0.1:${port}${asked.path}`, {
    headers: { 'x-source': 'H5', 'x-appid': c.appId, 'x-key-ticket': 'want' },
  });
  const body = (await res.json()) as { code: string; keyTicket?: string };
  if (body.code !== '200' || !body.keyTicket) throw new Error(`no key ticket: ${body.code}`);
  return { ticket: body.keyTicket, key: asked.key as Buffer };
}

/** autocannon over a pool of single-use URLs (a fresh one is made if the pool runs dry). */
async function listRun(keys: Keys, connections: number, seconds: number, mode: Mode, expectedRps: number) {
  const entries = mix();
  const poolSize = Math.max(2000, Math.ceil(expectedRps * seconds * (mode === 'ticket' ? 2 : 1.5)));
  const pool: Prepared[] = [];
  // Under tickets: a ticket a thousand requests (the protocol's bound), as that many clients would hold.
  const tickets: Ticket[] = [];
  if (mode === 'ticket') for (let i = 0; i < poolSize / KEY_TICKET_MAX_USES; i++) tickets.push(await fetchTicket(keys));
  for (let i = 0; i < poolSize; i++) {
    const e = entries[Math.floor(Math.random() * entries.length)]!;
    pool.push(prepare(keys, e.c, e.page, mode, tickets[Math.floor(i / KEY_TICKET_MAX_USES)]));
  }
  const cpuBefore = processCpuMs(serverPid);
  // Past the pool a fresh URL is made as it goes (a ticketed one would need a ticket asked first: sealed).
  const encrypt: Mode = mode === 'plain' ? 'plain' : 'sealed';
  let next = 0;
  let live = 0;
  let refused = 0;
  const result = await run({
    url: `http://127.0.0.1:${port}`,
    duration: seconds,
    connections,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          let p = pool[next++];
          if (!p) {
            const e = entries[Math.floor(Math.random() * entries.length)]!;
            p = prepare(keys, e.c, e.page, encrypt);
            live++;
          }
          return { ...req, path: p.path, headers: { 'x-source': 'H5', 'x-appid': p.appId } };
        },
        onResponse: (_status, body) => {
          if (!body.startsWith('{"code":"200"')) refused++;
        },
      },
    ],
  });
  const cpuAfter = processCpuMs(serverPid);
  const answered = result['2xx'] - refused;
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null || answered <= 0 ? null : (cpuAfter - cpuBefore) / answered;
  return { result, refused, live, cpuMsPerRequest };
}

const port = 3800 + Math.floor(Math.random() * 100);
let serverPid: number | undefined;

/** Every case answers 200 with listings, sealed (v2) and plain (the mix measures real pages); returns a page. */
async function probe(keys: Keys): Promise<unknown> {
  const codec = createClientCodec(keys);
  let page: unknown = null;
  for (const c of MARKET_CASES.filter((x) => x.weight > 0)) {
    for (const encrypt of [true, false]) {
      const params = { ...c.params, page: 1, pageSize: 20 };
      const sealed = encrypt ? codec.get(params) : null;
      const path = sealed ? `${LIST_PATH}?${sealed.query}` : prepare(keys, c, 1, 'plain').path;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-source': 'H5', 'x-appid': c.appId } });
      const body = (await res.json()) as { code: string; msg: string; data: unknown };
      if (body.code !== '200') throw new Error(`${c.name}: commodityList answered ${body.code} ${body.msg}`);
      const data = (sealed ? sealed.open(body.data) : body.data) as { list: unknown[] };
      if (data.list.length === 0) throw new Error(`${c.name}: empty page (is the database seeded?)`);
      page ??= data;
    }
  }
  return page;
}

/**
 * CPU cost of sealing one real 20-card page as a GET answer: version 1 (RSA-1024 private key,
 * 117-byte blocks) and version 2 (AES-256-GCM under the request's key).
 */
function sealCost(page: unknown) {
  const key = loadServerKey('bench', generateKeyPem());
  const answerKey = randomBytes(32);
  const bytes = Buffer.byteLength(JSON.stringify(page));
  const cpuMs = (seal: () => void, n: number) => {
    seal();
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) seal();
    const cpu = process.cpuUsage(start);
    return Number(((cpu.user + cpu.system) / n / 1000).toFixed(3));
  };
  return {
    pageBytes: bytes,
    rsaBlocks: Math.ceil(bytes / 117),
    cpuMsPerPage: cpuMs(() => sealData(key, page), 50),
    cpuMsPerPageV2: cpuMs(() => sealDataV2(answerKey, page), 2000),
  };
}

export async function runMarketBench(log = (line: string) => console.info(line)): Promise<MarketResult> {
  if (process.env.BENCH_MARKET_PGLITE === '1') return runOnPglite(log);
  const reuse = process.env.BENCH_MARKET_DB;
  const dbName = reuse ?? `bench_market_${process.pid}`;
  const url = withDatabase(adminUrl(), dbName);
  let seed: SeedResult['seconds'] | 'reused' = 'reused';
  if (!reuse) {
    await admin(`create database ${dbName}`);
  }
  try {
    let rows: number;
    let onSale: number;
    if (reuse) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const r = await client.query<{ total: string; on_sale: string }>(
        'select count(*) as total, count(*) filter (where status = 1) as on_sale from commodities',
      );
      await client.end();
      rows = Number(r.rows[0]?.total);
      onSale = Number(r.rows[0]?.on_sale);
    } else {
      log(`market: seeding ${ROWS} listings into ${dbName}…`);
      const seeded = await seedMarket(url, ROWS, log);
      ({ rows, onSale } = seeded);
      seed = seeded.seconds;
      log(`market: seeded in ${seeded.seconds.total} s (${JSON.stringify(seeded.seconds)})`);
    }

    log('market: EXPLAIN (ANALYZE) of every case, pages 1 and 5');
    const explain = await explainMarket(url);
    printExplain(explain);
    return await measure({ rows, onSale, seed, explain, database: 'postgres', env: { DATABASE_URL: url } }, log);
  } finally {
    if (!reuse) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

/**
 * The embedded default (PGlite in a data folder, as `npm start` runs): the same market seeded by
 * market-seed.ts into a fresh folder (or BENCH_MARKET_DATA_DIR, seeded before and kept), the same
 * runs. No EXPLAIN (it speaks to PostgreSQL); the plans are PostgreSQL's own in both.
 */
async function runOnPglite(log: (line: string) => void): Promise<MarketResult> {
  const reuse = process.env.BENCH_MARKET_DATA_DIR;
  const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-market-pglite-'));
  try {
    let seed: SeedResult['seconds'] | 'reused' = 'reused';
    let rows = 0;
    let onSale = 0;
    if (!reuse || !fs.existsSync(path.join(dataDir, 'pglite'))) {
      log(`market: seeding ${ROWS} listings into PGlite…`);
      const seeded = await seedMarketPglite(dataDir, ROWS, log);
      ({ rows, onSale } = seeded);
      seed = seeded.seconds;
      log(`market: seeded in ${seeded.seconds.total} s (${JSON.stringify(seeded.seconds)})`);
    } else {
      const db = await openDatabase<Database>({ dataDir });
      const counted = await db
        .selectFrom('commodities')
        .select((eb) => [eb.fn.countAll<number>().as('total')])
        .executeTakeFirstOrThrow();
      const sale = await db
        .selectFrom('commodities')
        .select((eb) => [eb.fn.countAll<number>().as('n')])
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      await db.destroy();
      rows = Number(counted.total);
      onSale = Number(sale.n);
    }
    return await measure({ rows, onSale, seed, explain: [], database: 'pglite', env: {}, dataDir }, log);
  } finally {
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Measured {
  rows: number;
  onSale: number;
  seed: SeedResult['seconds'] | 'reused';
  explain: ExplainRow[];
  database: 'postgres' | 'pglite';
  env: Record<string, string>;
  dataDir?: string;
}

async function measure(m: Measured, log: (line: string) => void): Promise<MarketResult> {
  const { rows, onSale, seed, explain } = m;
  {
    const server = await startServer(
      port,
      { ...productionEnv(), WEB_DIST: '/nonexistent', DEMO_GAME: '0', ...m.env },
      m.dataDir ? { dataDir: m.dataDir } : {},
    );
    serverPid = server.child.pid;
    try {
      const keys = (await (await fetch(`http://127.0.0.1:${port}/pb/api/app/system/v1/clientConfig?source=H5`)).json())
        .data as Keys;
      const seal = sealCost(await probe(keys));
      log(
        `market: sealing one 20-card answer: ${seal.pageBytes} bytes, v1 ${seal.rsaBlocks} RSA blocks ${seal.cpuMsPerPage} ms CPU, v2 (AES-GCM) ${seal.cpuMsPerPageV2} ms`,
      );
      // Warm-up: JIT of both paths' handlers, PostgreSQL caches, the pool's connections.
      await run({ url: `http://127.0.0.1:${port}/health`, duration: 1, connections: 8 });
      await listRun(keys, 8, 2, 'sealed', 1500);
      await listRun(keys, 8, 2, 'ticket', 3000);
      await listRun(keys, 8, 2, 'plain', 3000);

      // Each connection count runs /health, then the sealed mix, then the unsealed one, one after
      // the other: the two paths meet the same warmth and the same neighbours on the machine
      // (all sealed runs first, then all unsealed, gave the later path the warmer process).
      const rounds: Array<{
        health: Figures[];
        listEncrypted: Figures[];
        listTicketed: Figures[];
        listPlain: Figures[];
      }> = [];
      let expected = 1500;
      let expectedTicketed = 3000;
      let expectedPlain = 3000;
      const levels = [...new Set([...LEVELS, ...PLAIN_LEVELS])].sort((a, b) => a - b);
      for (let round = 1; round <= ROUNDS; round++) {
        if (ROUNDS > 1) log(`market: round ${round} of ${ROUNDS}`);
        const health: Figures[] = [];
        const listEncrypted: Figures[] = [];
        const listTicketed: Figures[] = [];
        const listPlain: Figures[] = [];
        rounds.push({ health, listEncrypted, listTicketed, listPlain });
        for (const c of levels) {
          if (LEVELS.includes(c)) {
            const h = await run({ url: `http://127.0.0.1:${port}/health`, duration: HEALTH_SECONDS, connections: c });
            health.push(figures(c, h));
            const { result, refused, live, cpuMsPerRequest } = await listRun(keys, c, SECONDS, 'sealed', expected);
            const f = figures(c, result, refused, cpuMsPerRequest);
            listEncrypted.push(f);
            expected = Math.max(expected, f.requestsPerSecond);
            log(
              `market: ${String(c).padStart(2)} conn  health ${h.requests.average.toFixed(0)} rps  list sealed v2 ${f.requestsPerSecond} rps p50 ${f.p50ms} ms p99 ${f.p99ms} ms${refused ? `  REFUSED ${refused}` : ''}${live ? ` (${live} URLs made live)` : ''}`,
            );
          }
          if (LEVELS.includes(c)) {
            const { result, refused, live, cpuMsPerRequest } = await listRun(
              keys,
              c,
              SECONDS,
              'ticket',
              expectedTicketed,
            );
            const f = figures(c, result, refused, cpuMsPerRequest);
            listTicketed.push(f);
            expectedTicketed = Math.max(expectedTicketed, f.requestsPerSecond);
            log(
              `market: ${String(c).padStart(2)} conn  list sealed v2 under key tickets ${f.requestsPerSecond} rps p50 ${f.p50ms} ms p99 ${f.p99ms} ms${refused ? `  REFUSED ${refused}` : ''}${live ? ` (${live} URLs made live, sealed)` : ''}`,
            );
          }
          if (PLAIN_LEVELS.includes(c)) {
            const { result, refused, cpuMsPerRequest } = await listRun(keys, c, SECONDS, 'plain', expectedPlain);
            const f = figures(c, result, refused, cpuMsPerRequest);
            listPlain.push(f);
            expectedPlain = Math.max(expectedPlain, f.requestsPerSecond);
            log(
              `market: ${String(c).padStart(2)} conn  list signed, not sealed ${f.requestsPerSecond} rps p50 ${f.p50ms} ms p99 ${f.p99ms} ms${refused ? `  REFUSED ${refused}` : ''}`,
            );
          }
        }
      }
      // Per connection count, the round with the median requests/s (the only round with one).
      const median = (pick: (r: (typeof rounds)[number]) => Figures[]) =>
        (pick(rounds[0] as (typeof rounds)[number]) ?? []).map((_, i) => {
          const sorted = rounds
            .map((r) => pick(r)[i] as Figures)
            .sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
          return sorted[Math.floor((sorted.length - 1) / 2)] as Figures;
        });
      const health = median((r) => r.health);
      const listEncrypted = median((r) => r.listEncrypted);
      const listTicketed = median((r) => r.listTicketed);
      const listPlain = median((r) => r.listPlain);
      if (ROUNDS > 1)
        for (const f of listEncrypted) {
          const plain = listPlain.find((p) => p.connections === f.connections);
          const ticketed = listTicketed.find((p) => p.connections === f.connections);
          log(
            `market: median of ${ROUNDS} at ${String(f.connections).padStart(2)} conn: sealed v2 ${f.requestsPerSecond} rps p99 ${f.p99ms} ms${ticketed ? `, under tickets ${ticketed.requestsPerSecond} rps p99 ${ticketed.p99ms} ms` : ''}${plain ? `, unsealed ${plain.requestsPerSecond} rps p99 ${plain.p99ms} ms` : ''}`,
          );
        }

      const healthPeak = Math.max(...health.map((h) => h.requestsPerSecond));
      const best = (list: Figures[]) => list.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
      const peakEnc = best(listEncrypted);
      const peakTicket = best(listTicketed);
      const peakPlain = listPlain.length ? best(listPlain) : null;
      const client = peakPlain ?? peakEnc;
      const result: MarketResult = {
        date: new Date().toISOString(),
        database: m.database,
        machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; server, PostgreSQL and autocannon share them; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end`,
        rows,
        onSale,
        seed,
        durationSeconds: SECONDS,
        explain: explain.map((e) => ({
          name: e.name,
          page: e.page,
          indexes: e.indexes,
          ok: e.ok,
          gap: e.gap,
          rowsRead: e.rowsRead,
          ms: Number((e.planMs + e.execMs).toFixed(2)),
        })),
        health,
        listEncrypted,
        listTicketed,
        listPlain,
        responseSeal: seal,
        // The unsealed peak (issue 19's 3,000 rps target); the web's path, sealed in version 2, is peakEncrypted.
        peak: {
          ...client,
          healthPeakRps: healthPeak,
          ratioToHealth: Number((client.requestsPerSecond / healthPeak).toFixed(3)),
          p99BudgetMet: client.p99ms < P99_BUDGET_MS,
        },
        peakPlain: peakPlain
          ? { ...peakPlain, ratioToHealth: Number((peakPlain.requestsPerSecond / healthPeak).toFixed(3)) }
          : null,
        peakEncrypted: {
          ...peakEnc,
          ratioToHealth: Number((peakEnc.requestsPerSecond / healthPeak).toFixed(3)),
          ratioToPlain: peakPlain ? Number((peakEnc.requestsPerSecond / peakPlain.requestsPerSecond).toFixed(3)) : null,
        },
        // Server CPU a request, the median over every connection count and round: what a core serves of each.
        cpuMsPerRequest: cpuSummary(rounds),
        peakTicketed: {
          ...peakTicket,
          ratioToPlain: peakPlain
            ? Number((peakTicket.requestsPerSecond / peakPlain.requestsPerSecond).toFixed(3))
            : null,
          ratioToSealed: Number((peakTicket.requestsPerSecond / peakEnc.requestsPerSecond).toFixed(3)),
        },
      };
      log(
        `market: peak (${peakPlain ? 'signed, not sealed' : 'sealed'}) at ${client.connections} connections: ${client.requestsPerSecond} rps, p50 ${client.p50ms} ms, p99 ${client.p99ms} ms (budget ${P99_BUDGET_MS} ms: ${result.peak.p99BudgetMet ? 'met' : 'MISSED'}), ${result.peak.ratioToHealth} of /health (${healthPeak} rps); sealed (v2, the web's path) peak at ${peakEnc.requestsPerSecond} rps, p99 ${peakEnc.p99ms} ms, ${result.peakEncrypted.ratioToPlain ?? '-'} of the unsealed peak; under key tickets ${peakTicket.requestsPerSecond} rps at ${peakTicket.connections} connections, p99 ${peakTicket.p99ms} ms, ${result.peakTicketed.ratioToPlain ?? '-'} of the unsealed peak; server CPU a request: sealed ${result.cpuMsPerRequest.sealed} ms, under tickets ${result.cpuMsPerRequest.ticketed} ms, unsealed ${result.cpuMsPerRequest.plain} ms (capacity under tickets ${result.cpuMsPerRequest.ticketedCapacityToPlain} of unsealed, sealed ${result.cpuMsPerRequest.sealedCapacityToPlain})`,
      );
      const failed = explain.filter((e) => !e.ok && !e.gap);
      if (failed.length)
        log(`market: EXPLAIN check FAILED for ${failed.map((e) => `${e.name} p${e.page}`).join(', ')}`);
      fs.mkdirSync('bench/results', { recursive: true });
      fs.writeFileSync(
        `bench/results/market${m.database === 'pglite' ? '-pglite' : ''}.json`,
        `${JSON.stringify(result, null, 2)}\n`,
      );
      return result;
    } finally {
      await server.stop();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.BENCH_MARKET_PGLITE !== '1' && !(await postgresReachable()))
    throw new Error(`PostgreSQL does not answer at ${adminUrl()}`);
  const result = await runMarketBench();
  console.info(JSON.stringify(result.peak, null, 2));
}
