/**
 * Where the time of one commodity-list request goes (issue 19): `npm run bench:profile-list`.
 *
 * Starts the server as the market benchmark does (production settings, PostgreSQL of
 * BENCH_MARKET_DB, seeded before with bench/market-seed.ts) under `--cpu-prof`, sends the market
 * mix signed but not sealed (withOutEncrypt; BENCH_PROFILE_MODE=sealed or ticket: sealed in version 2, with a key each or under key tickets) for BENCH_PROFILE_SECONDS at BENCH_PROFILE_CONNECTIONS,
 * stops the server (the profile is written on exit) and prints the server's CPU per request,
 * grouped by part (codec, Fastify, SQL builder, pg driver, JSON, handlers, GC…) and the heaviest
 * functions by self time. The .cpuprofile stays in bench/results/profiles for a flame view.
 *
 * It also prints where the machine's CPU went per request over the measured run (from /proc): the
 * server's event loop, its opener threads (the version-2 RSA unwrap, decision 0028), its other
 * threads (V8's and libuv's helpers), PostgreSQL's processes and this process (the load). On two
 * cores shared by all of them, that split decides the sealed/unsealed ratio more than the event
 * loop alone. BENCH_PROFILE_CPU_PROF=0 leaves the profiler out (its sampling costs the event loop).
 */
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { commodityList } from '@app/protocol/calls/exchange';
import { createClientCodec } from '@app/protocol/codec/client';
import { KEY_TICKET_MAX_USES } from '@app/protocol/codec/key-ticket';
import { computeSign } from '@app/protocol/codec/sign';
import { callPath } from '@app/protocol/contract';
import autocannon from 'autocannon';
import { startServer } from '../tests/start-server';
import { productionEnv } from './bench-env';
import { adminUrl, withDatabase } from './bench-pg';
import { MARKET_CASES } from './market-cases';
import { processCpuMs, processesCpuMs } from './proc-cpu';

const DB = process.env.BENCH_MARKET_DB;
if (!DB) {
  console.warn('BENCH_MARKET_DB names a seeded database (node --import tsx bench/market-seed.ts <url>)');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const PROFILED = process.env.BENCH_PROFILE_CPU_PROF !== '0';
const CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 8);
const port = 3950 + Math.floor(Math.random() * 40);
const base = `http://127.0.0.1:${port}`;
const outDir = path.resolve('bench/results/profiles');
fs.mkdirSync(outDir, { recursive: true });
const before = new Set(fs.readdirSync(outDir));

const server = await startServer(
  port,
  {
    ...productionEnv(),
    WEB_DIST: '/nonexistent',
    DATABASE_URL: withDatabase(adminUrl(), DB),
    DEMO_GAME: '0',
    SWEEP_MS: '0',
    ...(process.env.BENCH_PROFILE_ENV ? JSON.parse(process.env.BENCH_PROFILE_ENV) : {}),
  },
  { nodeArgs: PROFILED ? ['--cpu-prof', `--cpu-prof-dir=${outDir}`] : [] },
);

/** The CPU so far of each thread of the server (by its name and id), of PostgreSQL, and of this process. */
function cpuNow() {
  const pid = server.child.pid;
  const threads = new Map<string, number>();
  for (const task of pid ? fs.readdirSync(`/proc/${pid}/task`) : []) {
    const name = fs.readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
    threads.set(`${task === String(pid) ? 'event loop' : name}:${task}`, processCpuMs(`${pid}/task/${task}`) ?? 0);
  }
  return { threads, postgres: processesCpuMs('postgres') ?? 0, load: processCpuMs(process.pid) ?? 0 };
}
let requests = 0;
// The measured run's window on the monotonic clock the profile's timestamps use (startup and warm-up left out).
let window: [number, number] = [0, Number.POSITIVE_INFINITY];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
try {
  const keys = (await (await fetch(`${base}${'/pb/api/app/system/v1/clientConfig'}?source=H5`)).json()).data;
  const codec = createClientCodec(keys);
  const cases = MARKET_CASES.filter((c) => c.weight > 0).flatMap((c) => Array.from({ length: c.weight }, () => c));
  // BENCH_PROFILE_MODE: plain (signed only), sealed (codec version 2 with a key each, as the web
  // sent it before decision 0077; BENCH_PROFILE_SEALED=1 says the same) or ticket (version 2
  // under key tickets, the web's path now: a ticket a thousand requests). node:crypto here, faster to make.
  const mode = process.env.BENCH_PROFILE_MODE ?? (process.env.BENCH_PROFILE_SEALED === '1' ? 'sealed' : 'plain');
  if (!['plain', 'sealed', 'ticket'].includes(mode))
    throw new Error(`BENCH_PROFILE_MODE ${mode}: plain, sealed or ticket`);
  const v2 = (params: Record<string, unknown>, ticket?: { ticket: string; key: Buffer }) => {
    const key = ticket?.key ?? randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([iv, cipher.update(JSON.stringify(params)), cipher.final(), cipher.getAuthTag()]);
    const q = new URLSearchParams();
    if (ticket) q.set('keyTicket', ticket.ticket);
    else
      q.set(
        'encryptKey',
        publicEncrypt({ key: keys.rsaPublicKey, padding: constants.RSA_PKCS1_PADDING }, key).toString('base64'),
      );
    q.set('encryptParams', body.toString('base64'));
    return { query: q.toString(), key };
  };
  const now = Math.floor(Date.now() / 1000);
  const stamp = (params: Record<string, unknown>) => {
    const stamped = { ...params, timestamp: now, nonce: randomBytes(16).toString('hex'), keyId: keys.keyId };
    return { ...stamped, sign: computeSign(stamped, keys.signSecret) };
  };
  const POOL = 60_000;
  /** A key ticket as the web gets one: a version-2 list request with `X-Key-Ticket: want`. */
  const fetchTicket = async () => {
    const c = cases[0]!;
    const asked = v2(stamp({ ...c.params, page: 1, pageSize: 20 }));
    const res = await fetch(`${base}${callPath(commodityList)}?${asked.query}`, {
      headers: { 'x-source': 'H5', 'x-appid': c.appId, 'x-key-ticket': 'want' },
    });
    const body = (await res.json()) as { code: string; keyTicket?: string };
    if (body.code !== '200' || !body.keyTicket) throw new Error(`no key ticket: ${body.code}`);
    return { ticket: body.keyTicket, key: asked.key };
  };
  const tickets =
    mode === 'ticket' ? await Promise.all(Array.from({ length: POOL / KEY_TICKET_MAX_USES }, fetchTicket)) : [];
  const pool = Array.from({ length: POOL }, (_, i) => {
    const c = cases[i % cases.length]!;
    const page = 1 + (i % 3 === 0 ? i % 5 : 0);
    const params = { ...c.params, page, pageSize: 20 };
    const query =
      mode === 'plain'
        ? codec.sealGet(params, false)
        : v2(stamp(params), mode === 'ticket' ? tickets[Math.floor(i / KEY_TICKET_MAX_USES)] : undefined).query;
    return { path: `${callPath(commodityList)}?${query}`, appId: c.appId };
  });
  let next = 0;
  let refused = 0;
  const runFor = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: base,
          duration: seconds,
          connections: CONNECTIONS,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => {
                const p = pool[next++ % pool.length]!;
                return { ...req, path: p.path, headers: { 'x-source': 'H5', 'x-appid': p.appId } };
              },
              onResponse: (_status, body) => {
                if (!body.startsWith('{"code":"200"')) {
                  refused++;
                  if (refused <= 3) console.info(`refused: ${body.slice(0, 120)}`);
                }
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  await runFor(2);
  const t0 = nowUs();
  const cpu0 = cpuNow();
  const r = await runFor(SECONDS);
  const cpu1 = cpuNow();
  window = [t0, nowUs()];
  requests = r.requests.total;
  const per = (ms: number) => `${((ms * 1000) / Math.max(1, requests)).toFixed(0).padStart(5)} µs`;
  let helpers = 0;
  const split: string[] = [];
  for (const [thread, ms] of cpu1.threads) {
    const used = ms - (cpu0.threads.get(thread) ?? 0);
    if (thread.startsWith('event loop')) split.push(`  server event loop     ${per(used)}`);
    else if (used * 1000 >= 20 * requests)
      split.push(`  server thread ${thread.padEnd(8)}${per(used)} (a busy one: the opener thread of sealed requests)`);
    else helpers += used;
  }
  split.push(`  server other threads  ${per(helpers)}`);
  split.push(`  PostgreSQL            ${per(cpu1.postgres - cpu0.postgres)}`);
  split.push(`  load (autocannon)     ${per(cpu1.load - cpu0.load)}`);
  console.info(
    `list ${mode === 'plain' ? 'plain' : mode === 'sealed' ? 'sealed (v2)' : 'sealed (v2) under key tickets'} at ${CONNECTIONS} conns: ${Math.round(r.requests.average)} rps, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}${refused ? `, REFUSED ${refused}` : ''}`,
  );
  console.info(`CPU per request, by where it ran${PROFILED ? ' (the event loop under the profiler)' : ''}:`);
  for (const line of split) console.info(line);
} finally {
  await server.stop();
}
if (!PROFILED) process.exit(0);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const file = fs.readdirSync(outDir).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
};
const self = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= window[0] && at <= window[1]) self.set(id, (self.get(id) ?? 0) + delta);
});
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

const PARTS: [string, RegExp][] = [
  ['codec (sign, RSA, AES)', /packages\/protocol\/src\/codec|@noble/],
  [
    'fastify + router',
    /node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify|fast-json-stringify|fast-querystring|secure-json-parse)/,
  ],
  ['pino (logs)', /node_modules\/(pino|sonic-boom|thread-stream)/],
  ['kysely (SQL builder)', /node_modules\/kysely/],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/],
  ['zod (request checks)', /node_modules\/zod/],
  ['ioredis', /node_modules\/(ioredis|redis)/],
  ['server platform', /apps\/server\/src\/platform/],
  ['server modules', /apps\/server\/src\/modules/],
  ['node internals', /^node:/],
];
const parts = new Map<string, number>();
const fns = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  if (functionName === '(idle)') continue;
  total += us;
  const part =
    PARTS.find(([, re]) => re.test(url))?.[0] ??
    (functionName.startsWith('(') ? functionName : url ? 'other JS' : `native: ${functionName || '(anonymous)'}`);
  parts.set(part, (parts.get(part) ?? 0) + us);
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const perRequest = (us: number) => (requests ? us / requests : 0);
console.info(
  `\nserver CPU: ${(total / 1000).toFixed(0)} ms for ${requests} requests = ${perRequest(total).toFixed(0)} µs per request`,
);
for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1]))
  console.info(
    `  ${part.padEnd(28)} ${perRequest(us).toFixed(0).padStart(6)} µs  ${((100 * us) / total).toFixed(1)} %`,
  );
console.info('\nheaviest functions (self time per request):');
for (const [fn, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 25)))
  console.info(`  ${perRequest(us).toFixed(1).padStart(7)} µs  ${fn}`);
console.info(`\nprofile: ${path.join('bench/results/profiles', file)}`);
