/**
 * The order chat at scale (issue 15): `npm run bench:chat`.
 *
 *  1. creates bench_chat_<pid> on the PostgreSQL of BENCH_PG_URL, migrates it with the server's own
 *     migrate(), seeds USERS users, USERS/2 order groups of two members (openGroup) and a chat token
 *     per user (issueChatToken);
 *  2. starts two server processes on it sharing one Redis (REDIS_URL, its own REDIS_PREFIX), so
 *     every delivery crosses Redis pub/sub: the buyer of each group on process A, the seller on B;
 *     The client sockets live in BENCH_CHAT_CLIENT_PROCESSES child processes (bench/chat-clients.ts,
 *     over IPC), each holding both members of its share of the groups;
 *  3. reads each process's RSS (/proc/<pid>/status VmRSS, median of samples) and, after a GC forced
 *     through its inspector, its V8 heap + external memory, before the sockets connect and after all
 *     of them are logged in and idle: bytes per idle socket;
 *  4. sends RATE text messages/s for SECONDS, spread over the groups (each account sends once per
 *     USERS/RATE seconds, far under IM_LIMITS), each body carrying its send time; the other member's
 *     socket records now − sent. Every message must be acked and reach the other member exactly once
 *     (and come back to the sender's own socket once, as the server pushes to every member);
 *  5. meanwhile reads the servers' CPU and run-queue wait, the machine's, PostgreSQL's, Redis's and
 *     the client processes' CPU, the servers' database connections' waits, a Redis PING's round
 *     trip, and (BENCH_CHAT_PROFILE=1) a 5 s CPU profile of process A;
 *  6. writes bench/results/chat.json, prints a table, stops the servers, drops the database and
 *     deletes the Redis keys of the prefix.
 *
 * Env: BENCH_CHAT_USERS (20000), BENCH_CHAT_RATE (2000), BENCH_CHAT_SECONDS (30), BENCH_CHAT_PROFILE,
 * BENCH_CHAT_CLIENT_PROCESSES (4), BENCH_PG_URL, BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { IM_LIMITS, IM_SOCKET_PATH } from '@app/protocol/im';
import Redis from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { openGroup } from '../apps/server/src/modules/im/im.service';
import { issueChatToken } from '../apps/server/src/modules/im/im-tokens';
import { migrate, openDatabase } from '../apps/server/src/platform/db/database';
import { freePort, type RunningServer, startServer } from '../tests/start-server';
import { localEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import type { BenchClient, ChildCommand, ChildReport } from './chat-clients';
import { processCpuMs, processesCpuMs } from './proc-cpu';

const USERS = Number(process.env.BENCH_CHAT_USERS ?? 20_000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 2_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CHAT_CLIENT_PROCESSES ?? 4);
/** Seconds of load at RATE before the measured load, not counted (BENCH_CHAT_WARM_SECONDS). */
const WARM_SECONDS = Number(process.env.BENCH_CHAT_WARM_SECONDS ?? 3);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const GROUPS = Math.floor(USERS / 2);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench_chat_${process.pid}:`;
const TARGET_P99_MS = 100;
const TARGET_BYTES_PER_SOCKET = 10 * 1024;
const log = (line: string) => console.info(`chat: ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (RATE / USERS > IM_LIMITS.messagesPerWindow / IM_LIMITS.windowSeconds / 2)
  throw new Error(`${RATE} messages/s over ${USERS} accounts would meet the chat's rate limit`);

const admin = adminUrl();
const withDb = (name: string) => withDatabase(admin, name);

/** Runs `work(i)` for i in [0, count) with at most `width` at once. */
async function pool(count: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** VmRSS of a process, in bytes. */
const rss = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
};
/** CPU seconds (user + system) a process has used. */
const cpuSeconds = (pid: number) => (processCpuMs(pid) ?? 0) / 1000;
/** Seconds the process's threads spent runnable but waiting for a CPU (the run queue), from schedstat. */
/** The machine's busy cores so far (all CPUs' non-idle time from /proc/stat), in core-seconds. */
const machineBusySeconds = () => {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return (fields.slice(0, 8).reduce((a, b) => a + b, 0) - idle) / 100;
};
const runQueueSeconds = (pid: number) => {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`))
    ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1] ?? 0);
  return ns / 1e9;
};

/** A session on a server's own V8 through its inspector (each server runs with --inspect on a loopback port). */
async function inspect(inspectPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target?.webSocketDebuggerUrl as string, { perMessageDeflate: false });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = <T = unknown>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const answer = JSON.parse(String(data));
        if (answer.id !== mine) return;
        socket.off('message', onMessage);
        resolve(answer.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => socket.close() };
}

/** A full GC in the server, then its process.memoryUsage() (no server code added). */
async function collectAndMeasure(inspectPort: number): Promise<NodeJS.MemoryUsage> {
  const session = await inspect(inspectPort);
  try {
    await session.call('HeapProfiler.collectGarbage');
    await session.call('HeapProfiler.collectGarbage');
    const answer = await session.call<{ result: { value: string } }>('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(String(answer.result.value));
  } finally {
    session.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
/** Where a frame's code lives: a package of node_modules, the project's own code, node itself, or V8. */
const areaOf = (url: string, fn: string) => {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
};
/** A CPU profile of a server for `ms`: the share of samples by area and the busiest functions (self time). */
async function profile(inspectPort: number, ms: number) {
  const session = await inspect(inspectPort);
  try {
    await session.call('Profiler.enable');
    await session.call('Profiler.setSamplingInterval', { interval: 500 });
    await session.call('Profiler.start');
    await sleep(ms);
    const { profile: p } = await session.call<{ profile: { nodes: ProfileNode[] } }>('Profiler.stop');
    const total = p.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0);
    const byArea: Record<string, number> = {};
    const byFunction: Record<string, number> = {};
    for (const node of p.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const hits = node.hitCount ?? 0;
      const area = areaOf(url, functionName);
      byArea[area] = (byArea[area] ?? 0) + hits;
      const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      byFunction[name] = (byFunction[name] ?? 0) + hits;
    }
    // Who the native socket writes are for: the nearest caller in a package or the project's code.
    const parent = new Map<number, ProfileNode>();
    for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node);
    const writesBy: Record<string, number> = {};
    for (const node of p.nodes) {
      if (!['writev', 'writeBuffer', 'writeUtf8String'].includes(node.callFrame.functionName)) continue;
      let up = parent.get(node.id);
      while (up && !/node_modules|\/apps\//.test(up.callFrame.url)) up = parent.get(up.id);
      const who = up ? areaOf(up.callFrame.url, up.callFrame.functionName) : '(unknown)';
      writesBy[who] = (writesBy[who] ?? 0) + (node.hitCount ?? 0);
    }
    const top = (xs: Record<string, number>, n: number) =>
      Object.fromEntries(
        Object.entries(xs)
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => [k, Math.round((1000 * v) / total) / 10]),
      );
    return {
      seconds: ms / 1000,
      samples: total,
      percentByArea: top(byArea, 15),
      percentByFunction: top(byFunction, 20),
      /** The samples in native socket writes (writev, writeBuffer, writeUtf8String), by the package or code that wrote. */
      socketWritesPercentByWriter: top(writesBy, 10),
    };
  } finally {
    session.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
/**
 * Per process: a forced GC, then the median VmRSS of `samples` readings one second apart, and the
 * V8 heap and external memory after that GC.
 */
async function settledMemory(pids: number[], inspectPorts: number[], samples = 5) {
  const v8 = await Promise.all(inspectPorts.map(collectAndMeasure));
  const seen: number[][] = pids.map(() => []);
  for (let s = 0; s < samples; s++) {
    if (s > 0) await sleep(1000);
    for (const [i, pid] of pids.entries()) seen[i]?.push(rss(pid));
  }
  return pids.map((_, i) => ({
    rss: median(seen[i] as number[]),
    heapUsed: v8[i]?.heapUsed as number,
    external: v8[i]?.external as number,
  }));
}
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
const round = (x: number) => Math.round(x * 10) / 10;

interface Client extends BenchClient {
  index: number;
  /** The child process holding its socket, and its index there. */
  child: number;
  indexInChild: number;
}

/** A child process of client sockets (bench/chat-clients.ts) and its next report of a kind. */
interface ClientProcess {
  process: ChildProcess;
  clients: Client[];
  next<T extends ChildReport['t']>(t: T): Promise<Extract<ChildReport, { t: T }>>;
  tell(command: ChildCommand): void;
}
function clientProcess(clients: Client[]): ClientProcess {
  const child = fork(new URL('./chat-clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { t: string; resolve: (r: ChildReport) => void }[] = [];
  child.on('message', (r: ChildReport) => {
    const i = waiting.findIndex((w) => w.t === r.t);
    if (i >= 0) waiting.splice(i, 1)[0]?.resolve(r);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`a chat client process exited (${code})`))),
  );
  exited.catch(() => {});
  return {
    process: child,
    clients,
    next: (t) =>
      Promise.race([new Promise((resolve) => waiting.push({ t, resolve: resolve as never })), exited]) as never,
    tell: (command) => child.send(command),
  };
}

const dbName = `bench_chat_${process.pid}`;
await sql(admin, `create database ${dbName}`);
const url = withDb(dbName);
const db = await openDatabase({ url, dataDir: null });
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
const servers: RunningServer[] = [];
const clients: Client[] = [];
const children: ClientProcess[] = [];
try {
  await redis.connect();
  const t0 = performance.now();
  await migrate(db);
  await sql(
    url,
    `insert into users (uid, mobile, nickname, avatar, has_authentication)
     select '8' || lpad(g::text, 7, '0'), '1880' || lpad(g::text, 7, '0'), '聊天压测' || g, '', true
     from generate_series(0, $1 - 1) g`,
    [GROUPS * 2],
  );
  const uid = (i: number) => `8${String(i).padStart(7, '0')}`;
  const groupKeys: string[] = new Array(GROUPS);
  await pool(GROUPS, 8, async (g) => {
    const id = await openGroup(db, {
      kind: 'order',
      refId: 9_000_000 + g,
      title: `压测订单 ${g}`,
      members: [
        { account: uid(2 * g), role: 'buyer' },
        { account: uid(2 * g + 1), role: 'seller' },
      ],
    });
    groupKeys[g] = `g${id}`;
  });
  // Group g's members are held by client process g mod CLIENT_PROCESSES.
  const held = Array.from({ length: CLIENT_PROCESSES }, () => 0);
  for (let i = 0; i < GROUPS * 2; i++) {
    const child = Math.floor(i / 2) % CLIENT_PROCESSES;
    clients.push({
      index: i,
      account: uid(i),
      token: '',
      groupId: groupKeys[Math.floor(i / 2)] as string,
      server: (i % 2) as 0 | 1,
      child,
      indexInChild: (held[child] as number) + 0,
    });
    held[child] = (held[child] as number) + 1;
  }
  await pool(clients.length, 8, async (i) => {
    const c = clients[i] as Client;
    c.token = await issueChatToken(db, c.account);
  });
  log(
    `seeded ${clients.length} users, ${GROUPS} groups and their chat tokens in ${round((performance.now() - t0) / 1000)} s`,
  );

  // Two processes, one after the other (the first boot writes the codec key and settings).
  const env = {
    ...localEnv(),
    WEB_DIST: '/nonexistent',
    DATABASE_URL: url,
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    DEMO_MARKET: '0',
    SWEEP_MS: '0',
    LOG_LEVEL: 'warn',
  };
  const inspectPorts: number[] = [];
  for (let s = 0; s < 2; s++) {
    inspectPorts.push(await freePort());
    servers.push(
      await startServer(await freePort(), {
        ...env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPorts[s]}`.trim(),
      }),
    );
  }
  const pids = servers.map((s) => s.child.pid as number);
  const wsUrl = (server: 0 | 1) => `${servers[server]?.baseUrl.replace('http', 'ws')}${IM_SOCKET_PATH}`;

  const total = Math.round(RATE * SECONDS);
  for (let k = 0; k < CLIENT_PROCESSES; k++) children.push(clientProcess(clients.filter((c) => c.child === k)));
  const width = Math.max(1, Math.ceil(100 / CLIENT_PROCESSES));
  for (const child of children) {
    child.tell({
      t: 'init',
      clients: child.clients.map(({ account, token, groupId, server }) => ({ account, token, groupId, server })),
      wsUrls: [wsUrl(0), wsUrl(1)],
      width,
    });
    await child.next('ready');
  }
  /** Each client process does `command(its indices of these clients)`, then answers `t`. */
  const each = <T extends ChildReport['t']>(list: Client[], t: T, command: (indices: number[]) => ChildCommand) =>
    Promise.all(
      children.map((child, k) => {
        const answer = child.next(t);
        child.tell(command(list.filter((c) => c.child === k).map((c) => c.indexInChild)));
        return answer;
      }),
    );

  // Warm-up: the socket code paths run once on both processes (a few logins and one message per
  // group), then those sockets close, so the "before" reading holds the loaded code, not sockets.
  const warm = clients.slice(0, 20);
  await each(warm, 'connected', (indices) => ({ t: 'connect', indices }));
  await each(
    warm.filter((x) => x.server === 0),
    'warmed',
    (indices) => ({ t: 'warm', indices }),
  );
  await sleep(1000);
  await each(warm, 'closed', (indices) => ({ t: 'close', indices }));
  await sleep(2000);

  const beforeMem = await settledMemory(pids, inspectPorts);
  const before = beforeMem.map((m) => m.rss);
  log(`RSS before: ${before.map((b) => `${round(b / 2 ** 20)} MB`).join(' / ')}`);
  const tc = performance.now();
  const logins = await each(clients, 'connected', (indices) => ({ t: 'connect', indices }));
  const connectSeconds = (performance.now() - tc) / 1000;
  const perServer = [0, 1].map((s) => logins.reduce((n, r) => n + (r.perServer[s] as number), 0));
  const retried503 = logins.reduce((n, r) => n + r.retried503, 0);
  log(
    `${perServer.join(' + ')} sockets logged in in ${round(connectSeconds)} s (${retried503} upgrades answered 503, tried again); idling…`,
  );
  await sleep(5000);
  const afterMem = await settledMemory(pids, inspectPorts);
  const after = afterMem.map((m) => m.rss);
  const bytesPerSocket = after.map((a, i) => (a - (before[i] as number)) / (perServer[i] as number));
  /** The same difference in the V8 heap plus external memory (buffers) alone, after a forced GC. */
  const jsBytesPerSocket = afterMem.map(
    (a, i) =>
      (a.heapUsed + a.external - (beforeMem[i]?.heapUsed ?? 0) - (beforeMem[i]?.external ?? 0)) /
      (perServer[i] as number),
  );
  log(
    `RSS after: ${after.map((a) => `${round(a / 2 ** 20)} MB`).join(' / ')}; per idle socket ${bytesPerSocket.map((b) => `${round(b / 1024)} KB`).join(' / ')} (V8 heap + external: ${jsBytesPerSocket.map((b) => `${round(b / 1024)} KB`).join(' / ')})`,
  );

  // A warm-up load right before the measured one: the servers' pools have closed their idle
  // database connections (pg's idleTimeoutMillis, 10 s) while the sockets idled and memory was read,
  // and a cold pool's first seconds are connections opening and statements prepared again.
  const load = (warm: boolean, seconds: number) =>
    Promise.all(
      children.map((child) => {
        const answer = child.next('done');
        child.tell({
          t: 'load',
          startAt: performance.timeOrigin + performance.now() + 200,
          rate: RATE,
          total: Math.round(RATE * seconds),
          groups: GROUPS,
          groupOf: child.clients.map((c) => Math.floor(c.index / 2)),
          warm,
        });
        return answer;
      }),
    );
  if (WARM_SECONDS > 0) {
    await load(true, WARM_SECONDS);
    await sleep(1000);
    log(`warmed up with ${WARM_SECONDS} s at ${RATE}/s (not counted)`);
  }

  // Load: message n goes to group n mod GROUPS, from the buyer then the seller on alternate rounds.
  const childPids = children.map((c) => c.process.pid as number);
  const machine0 = machineBusySeconds();
  const postgres0 = (processesCpuMs('postgres') ?? 0) / 1000;
  const redis0 = (processesCpuMs('redis-server') ?? 0) / 1000;
  const children0 = childPids.map(cpuSeconds);
  const bench0 = process.cpuUsage();
  const cpu0 = pids.map(cpuSeconds);
  const queue0 = pids.map(runQueueSeconds);
  // What the database connections wait on, sampled every 500 ms during the load (a brief profile).
  const waits: Record<string, number> = {};
  let waitSamples = 0;
  const sampler = new pg.Client({ connectionString: url });
  await sampler.connect();
  const sampling = setInterval(() => {
    void sampler
      .query(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, count(*)::int as n
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1, 2`,
        [dbName],
      )
      .then((r) => {
        waitSamples++;
        for (const row of r.rows) {
          const k = `${row.state} ${row.wait}`;
          waits[k] = (waits[k] ?? 0) + row.n;
        }
      })
      .catch(() => {});
  }, 500);
  // The machine's responsiveness during the load: a Redis PING from this process every 100 ms.
  const pings: number[] = [];
  const pinging = setInterval(() => {
    const t = performance.now();
    void redis.ping().then(() => pings.push(performance.now() - t));
  }, 100);
  // BENCH_CHAT_PROFILE=1: a CPU profile of process A for 5 s from the load's middle.
  const profiled =
    process.env.BENCH_CHAT_PROFILE === '1'
      ? sleep((SECONDS * 1000) / 2 - 2500)
          .then(() => profile(inspectPorts[0] as number, 5000))
          .catch((error: unknown) => ({ failed: String(error) }))
      : Promise.resolve(null);
  const tl = performance.now();
  const reports = await load(false, SECONDS);
  const loadSeconds = Math.max(...reports.map((r) => r.loadSeconds));
  const drainSeconds = Math.max(...reports.map((r) => r.drainSeconds));
  const unsendable = reports.reduce((n, r) => n + r.unsendable, 0);
  const cpuProfile = await profiled;
  clearInterval(sampling);
  clearInterval(pinging);
  await sampler.end();
  const dbWaits = Object.fromEntries(
    Object.entries(waits)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => [k, round(n / Math.max(1, waitSamples))]),
  );
  const activeSeconds = (performance.now() - tl) / 1000;
  const cpu = pids.map((pid, i) => (cpuSeconds(pid) - (cpu0[i] as number)) / activeSeconds);
  const benchCpu = process.cpuUsage(bench0);
  const cores = (x: number) => Math.round((x / activeSeconds) * 100) / 100;
  const machineCpu = {
    cores: os.cpus().length,
    busyCores: cores(machineBusySeconds() - machine0),
    postgresCores: cores((processesCpuMs('postgres') ?? 0) / 1000 - postgres0),
    redisCores: cores((processesCpuMs('redis-server') ?? 0) / 1000 - redis0),
    clientProcessesCores: childPids.map((pid, i) => cores(cpuSeconds(pid) - (children0[i] as number))),
    benchParentCores: cores((benchCpu.user + benchCpu.system) / 1e6),
  };
  const waitedForCpu = pids.map((pid, i) => (runQueueSeconds(pid) - (queue0[i] as number)) / activeSeconds);

  const delivered = Float64Array.from(reports.flatMap((r) => r.deliveryMs)).sort();
  const acks = Float64Array.from(reports.flatMap((r) => r.ackMs)).sort();
  const nacks: Record<string, number> = {};
  for (const r of reports) for (const [k, n] of Object.entries(r.nacks)) nacks[k] = (nacks[k] ?? 0) + n;
  const sum = (f: (r: (typeof reports)[number]) => number) => reports.reduce((n, r) => n + f(r), 0);
  const summary = (xs: Float64Array) => ({
    p50: round(percentile(xs, 50)),
    p95: round(percentile(xs, 95)),
    p99: round(percentile(xs, 99)),
    max: round(xs[xs.length - 1] ?? Number.NaN),
  });
  const delivery = summary(delivered);
  // Delivery by the second of the load the message was sent in: where the slow ones come from.
  const bySecond: number[][] = Array.from({ length: Math.ceil(SECONDS) }, () => []);
  for (const r of reports)
    for (const [j, n] of r.deliveredN.entries()) bySecond[Math.floor(n / RATE)]?.push(r.deliveryMs[j] as number);
  const deliveryBySecond = bySecond.map((xs) => {
    const sorted = Float64Array.from(xs).sort();
    return {
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
    };
  });
  const messages = {
    planned: total,
    sent: total - unsendable,
    acked: acks.length,
    nacked: nacks,
    receivedByOther: delivered.length,
    lost: sum((r) => r.lost),
    duplicated: sum((r) => r.duplicated),
    echoedToSender: sum((r) => r.echoed),
    echoLost: sum((r) => r.echoLost),
    echoDuplicated: sum((r) => r.echoDuplicated),
    strayFrames: sum((r) => r.stray),
    socketsClosedDuringLoad: sum((r) => r.closedEarly),
  };
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`,
    loadAverage: os.loadavg().map(round),
    settings: {
      users: clients.length,
      groups: GROUPS,
      processes: 2,
      clientProcesses: CLIENT_PROCESSES,
      rate: RATE,
      seconds: SECONDS,
      warmSeconds: WARM_SECONDS,
    },
    sockets: { perProcess: perServer, connectSeconds: round(connectSeconds), upgradesAnswered503: retried503 },
    memory: {
      rssBeforeBytes: before,
      rssAfterBytes: after,
      bytesPerIdleSocket: bytesPerSocket.map(Math.round),
      heapBefore: beforeMem.map(({ heapUsed, external }) => ({ heapUsed, external })),
      heapAfter: afterMem.map(({ heapUsed, external }) => ({ heapUsed, external })),
      heapAndExternalBytesPerIdleSocket: jsBytesPerSocket.map(Math.round),
      target: TARGET_BYTES_PER_SOCKET,
      met: bytesPerSocket.every((b) => b < TARGET_BYTES_PER_SOCKET),
    },
    load: {
      seconds: round(loadSeconds),
      messagesPerSecond: round((total - unsendable) / loadSeconds),
      /** Seconds after the last send until the last delivery (the servers' backlog when they fall behind). */
      drainSeconds: round(drainSeconds),
      /** Messages the servers got through per second, from the first send to the last delivery. */
      deliveredPerSecond: round(delivered.length / activeSeconds),
      serverCpuCores: cpu.map((c) => Math.round(c * 100) / 100),
      /** The machine's busy cores (/proc/stat) during the load, and PostgreSQL's, Redis's and the clients' share (other users' work included in the machine's and PostgreSQL's). */
      machineCpu,
      /** Seconds per second the server's threads waited in the run queue for a core (a busy machine). */
      serverRunQueueWait: waitedForCpu.map((c) => Math.round(c * 100) / 100),
      /** Mean number of the servers' database connections in each state / wait event during the load. */
      dbConnections: dbWaits,
      /** A Redis PING's round trip from the bench process during the load: how long one hop waits on this machine. */
      redisPingMs: summary(Float64Array.from(pings).sort()),
      /** Each client process's event-loop delay during the load. */
      clientEventLoopDelayMs: reports.map((r) => r.eventLoopDelayMs),
    },
    deliveryMs: { ...delivery, target: TARGET_P99_MS, met: delivery.p99 < TARGET_P99_MS },
    /** Delivery of the messages sent in each second of the load. */
    deliveryMsBySecondSent: deliveryBySecond,
    ackMs: summary(acks),
    messages,
    cpuProfileOfProcessA: cpuProfile,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/chat.json', `${JSON.stringify(result, null, 2)}\n`);
  const mb = (b: number) => `${round(b / 2 ** 20)} MB`;
  console.info(`
| process | sockets | RSS before | RSS after | per idle socket (RSS) | (heap + external) | CPU under load | waiting for a CPU |
| ------- | ------- | ---------- | --------- | --------------------- | ----------------- | -------------- | ----------------- |
${[0, 1].map((i) => `| ${'AB'[i]} | ${perServer[i]} | ${mb(before[i] as number)} | ${mb(after[i] as number)} | ${round((bytesPerSocket[i] as number) / 1024)} KB | ${round((jsBytesPerSocket[i] as number) / 1024)} KB | ${Math.round((cpu[i] as number) * 100)} % of a core | ${Math.round((waitedForCpu[i] as number) * 100)} % |`).join('\n')}

| messages/s | sent | acked | to other member | lost | dup | p50 ms | p95 ms | p99 ms | max ms | ack p99 ms |
| ---------- | ---- | ----- | --------------- | ---- | --- | ------ | ------ | ------ | ------ | ---------- |
| ${result.load.messagesPerSecond} | ${messages.sent} | ${messages.acked} | ${messages.receivedByOther} | ${messages.lost} | ${messages.duplicated} | ${delivery.p50} | ${delivery.p95} | ${delivery.p99} | ${delivery.max} | ${result.ackMs.p99} |

machine: ${machineCpu.busyCores} of ${machineCpu.cores} cores busy; PostgreSQL ${machineCpu.postgresCores}, Redis ${machineCpu.redisCores}, client processes ${machineCpu.clientProcessesCores.join(' + ')}, bench ${machineCpu.benchParentCores} cores

delivery p99 < ${TARGET_P99_MS} ms: ${result.deliveryMs.met ? 'MET' : 'MISSED'}; memory per idle socket < ${TARGET_BYTES_PER_SOCKET / 1024} KB: ${result.memory.met ? 'MET' : 'MISSED'}${Object.keys(nacks).length ? `; nacks ${JSON.stringify(nacks)}` : ''}
`);
} finally {
  for (const child of children) {
    if (child.process.connected) child.tell({ t: 'exit' });
    setTimeout(() => child.process.kill(), 2000).unref();
  }
  await Promise.all(servers.map((s) => s.stop()));
  await db.destroy();
  await sql(admin, `drop database if exists ${dbName} with (force)`);
  let cursor = '0';
  let removed = 0;
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length > 0) removed += await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  log(`cleaned up: servers stopped, ${dbName} dropped, ${removed} Redis keys of ${PREFIX} deleted`);
}
