/**
 * The statistics ingest at scale (issue 36 item 4): `npm run bench:events`.
 *
 *  1. creates bench_events_<pid> on the PostgreSQL of BENCH_PG_URL and starts the server on it;
 *  2. per connection count, a pool of posts is made before the timed phase, each signed as a
 *     client signs it (MD5 of appid + nonce + timestamp + raw body + secret, its own nonce and
 *     timestamp): 70 % batches of 10–50 events to /v1/events, 30 % single events to /v1/event;
 *     autocannon sends them, every answer must be code 200 and its `accepted` is summed;
 *  3. the server stopped, tracking_events must hold exactly the accepted events;
 *  4. the rollup at scale: BENCH_EVENTS_ROWS (10,000,000) events seeded on one Beijing day with
 *     INSERT … SELECT generate_series (indexes dropped for the load, rebuilt after), then the real
 *     rollup of that day, timed: the stats module's rollUp of the tracking source, hours then the
 *     day, as the sweep runs it;
 *  5. writes bench/results/events.json and drops the database.
 *
 * Env: BENCH_EVENTS_SECONDS (10), BENCH_EVENTS_CONNECTIONS (4,8,16), BENCH_EVENTS_POOL (bodies
 * per count, 15,000: made before the run, held in the load's memory), BENCH_EVENTS_ROWS (10,000,000; 0 skips the rollup), BENCH_EVENTS_CPU_PROF=<folder>.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trackingSign } from '@app/protocol/tracking';
import autocannon from 'autocannon';
import pg from 'pg';
import { rollUp } from '../apps/server/src/modules/stats/stats-rollup';
import { floorTo, StatsSources } from '../apps/server/src/modules/stats/stats-sources';
import { trackingStatsSource } from '../apps/server/src/modules/tracking/tracking-stats';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { type RunningServer, startServer } from '../tests/start-server';
import { demoGamesEnv } from './bench-env';
import { adminUrl, sql, withDatabase } from './bench-pg';
import { processCpuMs, processesCpuMs } from './proc-cpu';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_EVENTS_CONNECTIONS ?? '4,8,16').split(',').map(Number);
const POOL = Number(process.env.BENCH_EVENTS_POOL ?? 15_000);
const ROWS = Number(process.env.BENCH_EVENTS_ROWS ?? 10_000_000);
const CPU_PROF = process.env.BENCH_EVENTS_CPU_PROF;
const TARGET = { eventsPerSecond: 5_000, p99Ms: 50 };
const log = (line: string) => console.info(line);

const port = Number(process.env.BENCH_EVENTS_PORT ?? 3491);
const env = { ...demoGamesEnv(), WEB_DIST: '/nonexistent', DEMO_MARKET: '0', SWEEP_MS: '0' };
const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
const admin = adminUrl();
const dbName = `bench_events_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
const url = withDatabase(admin, dbName);

const GAMES = ['demo-legend', 'demo-xianxia', 'demo-sanguo'];
const NAMES = ['exposure', 'exposure', 'exposure', 'click', 'click', 'detail', 'launch', 'page_view'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One event as the web client sends it: a device, maybe a user, a name, a few properties. */
function event() {
  const uid = Math.random() < 0.8 ? { uid: String(10_000_000 + Math.floor(Math.random() * 200_000)) } : {};
  return {
    device: {
      deviceId: `d${Math.floor(Math.random() * 300_000)}`,
      os: pick(['ios', 'android', 'web']),
      model: 'bench',
    },
    user: uid,
    event: pick(NAMES),
    properties: {
      gameId: pick(GAMES),
      serverGroup: `m${1 + Math.floor(Math.random() * 5)}`,
      goodsType: String(1 + Math.floor(Math.random() * 3)),
      page: pick(['list', 'detail', 'home']),
      position: Math.floor(Math.random() * 20),
    },
  };
}

interface Post {
  path: string;
  body: string;
  headers: Record<string, string>;
  events: number;
}

/** A pool of posts, each signed with its own nonce and the current timestamp (valid 300 s). */
function pool(n: number, appid: string, secret: string): Post[] {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return Array.from({ length: n }, () => {
    const batch = Math.random() < 0.7;
    const body = batch
      ? JSON.stringify(Array.from({ length: 10 + Math.floor(Math.random() * 41) }, event))
      : JSON.stringify(event());
    const nonce = randomBytes(12).toString('hex');
    return {
      path: batch ? '/v1/events' : '/v1/event',
      body,
      events: batch ? (JSON.parse(body) as unknown[]).length : 1,
      headers: {
        'content-type': 'application/json',
        appid,
        algo: 'MD5',
        nonce,
        timestamp,
        sign: trackingSign(appid, nonce, timestamp, body, secret),
      },
    };
  });
}

/** Seeds `rows` events spread over the Beijing day from `day`, on two connections. */
async function seedDay(day: Date, rows: number): Promise<void> {
  const indexes = (
    await sql(
      url,
      `select indexname, indexdef from pg_indexes where tablename = 'tracking_events' and indexname <> 'tracking_events_pkey'`,
    )
  ).rows as Array<{ indexname: string; indexdef: string }>;
  for (const i of indexes) await sql(url, `drop index ${i.indexname}`);
  const chunk = 1_000_000;
  const ranges: Array<[number, number]> = [];
  for (let from = 0; from < rows; from += chunk) ranges.push([from, Math.min(rows, from + chunk) - 1]);
  const insert = `insert into tracking_events (app_id, event, device, "user", properties, received_at)
    select (array['market-h5', 'market-app', 'market-h5sdk', 'market-pc'])[1 + g % 4],
      (array['exposure', 'exposure', 'exposure', 'exposure', 'click', 'click', 'detail', 'launch', 'page_view', 'exposure'])[1 + (g / 3) % 10],
      jsonb_build_object('deviceId', 'd' || (g * 7919) % 300000, 'os', case when g % 3 = 0 then 'ios' else 'android' end),
      case when g % 5 = 0 then '{}'::jsonb else jsonb_build_object('uid', (10000000 + (g * 104729) % 200000)::text) end,
      jsonb_build_object('gameId', (array['demo-legend', 'demo-xianxia', 'demo-sanguo'])[1 + (g / 7) % 3],
        'serverGroup', 'm' || 1 + (g / 13) % 5, 'goodsType', (1 + (g / 17) % 3)::text, 'page', 'list'),
      $1::timestamptz + (g::double precision * 86400 / $2) * interval '1 second'
    from generate_series($3::bigint, $4::bigint) g`;
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  await Promise.all(clients.map((c) => c.connect()));
  try {
    let next = 0;
    await Promise.all(
      clients.map(async (c) => {
        while (next < ranges.length) {
          const [from, to] = ranges[next++] as [number, number];
          await c.query(insert, [day.toISOString(), rows, from, to]);
        }
      }),
    );
    // The indexes rebuilt from their own definitions, one per connection.
    let i = 0;
    await Promise.all(
      clients.map(async (c) => {
        // A partitioned table's index reads `on only` (the parent alone): rebuilt on every partition.
        while (i < indexes.length)
          await c.query((indexes[i++] as { indexdef: string }).indexdef.replace(/ ON ONLY /i, ' ON '));
      }),
    );
    await clients[0]?.query('vacuum analyze tracking_events');
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

await sql(admin, `create database ${dbName}`);
let server: RunningServer | undefined = await startServer(port, { ...env, DATABASE_URL: url }, { dataDir, nodeArgs });
const base = `http://127.0.0.1:${port}`;
try {
  const keys = (await (await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5`)).json()).data as {
    trackingAppId: string;
    trackingSecret: string;
  };
  const serverPid = server.child.pid;
  const results: Array<Record<string, number | null>> = [];
  let acceptedTotal = 0;
  let sentTotal = 0;
  // Warm-up (not measured): the server's code compiled, the statements prepared, the pool full.
  const runs = [
    { connections: LEVELS[0] ?? 8, warmUp: true },
    ...LEVELS.map((c) => ({ connections: c, warmUp: false })),
  ];
  for (const { connections, warmUp } of runs) {
    const posts = pool(POOL, keys.trackingAppId, keys.trackingSecret);
    let next = 0;
    let accepted = 0;
    let refused = 0;
    const cpuBefore = processCpuMs(serverPid);
    const pgBefore = processesCpuMs('postgres');
    const loadBefore = processCpuMs(process.pid);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: base,
          connections,
          duration: warmUp ? 3 : SECONDS,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const p = posts[next++];
                if (!p) throw new Error(`events: the pool of ${POOL} posts ran out: raise BENCH_EVENTS_POOL`);
                return { ...req, path: p.path, body: p.body, headers: p.headers };
              },
              onResponse: (_status, body) => {
                const m = /"code":"200".*"accepted":(\d+)/.exec(String(body));
                if (m) accepted += Number(m[1]);
                else {
                  if (refused === 0) log(`events: first refusal: ${String(body).slice(0, 200)}`);
                  refused++;
                }
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
    });
    acceptedTotal += accepted;
    for (const p of posts.slice(0, next)) sentTotal += p.events;
    if (warmUp) continue;
    const seconds = result.duration;
    const per = (before: number | null, after: number | null) =>
      before === null || after === null || accepted === 0
        ? null
        : Math.round(((after - before) / accepted) * 1000) / 1000;
    const row = {
      connections,
      eventsPerSecond: Math.round(accepted / seconds),
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      accepted,
      refused,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      serverCpuMsPerEvent: per(cpuBefore, processCpuMs(serverPid)),
      postgresCpuMsPerEvent: per(pgBefore, processesCpuMs('postgres')),
      loadCpuMsPerEvent: per(loadBefore, processCpuMs(process.pid)),
    };
    results.push(row);
    log(
      `events: ${String(connections).padStart(2)} conn  ${row.eventsPerSecond} events/s  ${row.requestsPerSecond} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  server ${row.serverCpuMsPerEvent} ms/event  PostgreSQL ${row.postgresCpuMsPerEvent} ms/event  load ${row.loadCpuMsPerEvent} ms/event${refused ? `  REFUSED ${refused}` : ''}`,
    );
  }
  await server.stop();
  server = undefined;
  const stored = Number((await sql(url, 'select count(*)::int as n from tracking_events')).rows[0]?.n);
  log(`events: ${stored} events stored for ${acceptedTotal} accepted (${sentTotal} sent)`);
  // The posts still in flight when a run's time is up are stored but not counted by autocannon.
  if (stored < acceptedTotal || stored > sentTotal)
    throw new Error(`events: ${stored} stored, ${acceptedTotal} accepted of ${sentTotal} sent`);
  const within = results.filter((r) => (r.p99 ?? Infinity) < TARGET.p99Ms && !r.refused && !r.errors);
  const peak = within.reduce<(typeof results)[number] | null>(
    (a, b) => (a === null || (b.eventsPerSecond ?? 0) > (a.eventsPerSecond ?? 0) ? b : a),
    null,
  );
  log(
    peak
      ? `events: peak within p99 < ${TARGET.p99Ms} ms: ${peak.eventsPerSecond} events/s at ${peak.connections} connections (p99 ${peak.p99} ms)`
      : `events: no connection count kept p99 under ${TARGET.p99Ms} ms`,
  );

  let rollup: Record<string, number | string> | null = null;
  if (ROWS > 0) {
    await sql(url, 'truncate tracking_events');
    const day = floorTo(new Date(Date.now() - 2 * 86_400_000), 'day');
    const next = new Date(day.getTime() + 86_400_000);
    log(`events: seeding ${ROWS} events on the day from ${day.toISOString()}…`);
    const seedStart = performance.now();
    await seedDay(day, ROWS);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    log(`events: seeded in ${seedSeconds.toFixed(1)} s; rolling the day up (hours, then the day)…`);
    const db = await openDatabase({ url, dataDir: null });
    const sources = new StatsSources();
    sources.register(trackingStatsSource);
    try {
      const t0 = performance.now();
      const hourly = await rollUp(db, sources, { from: day, to: next, grain: 'hour' });
      const t1 = performance.now();
      const daily = await rollUp(db, sources, { from: day, to: next, grain: 'day' });
      const t2 = performance.now();
      const { rows: sums } = await sql(
        url,
        `select metric, sum(value)::bigint as n from stats_daily where bucket = $1 group by metric order by metric`,
        [day.toISOString()],
      );
      const exposures = Number(sums.find((s) => s.metric === 'exposures')?.n);
      const expected = Number(
        (await sql(url, `select count(*)::bigint as n from tracking_events where event = 'exposure'`)).rows[0]?.n,
      );
      if (exposures !== expected) throw new Error(`events: rolled up ${exposures} exposures of ${expected}`);
      rollup = {
        rows: ROWS,
        day: day.toISOString(),
        seedSeconds: Math.round(seedSeconds * 10) / 10,
        hourSeconds: Math.round((t1 - t0) / 100) / 10,
        daySeconds: Math.round((t2 - t1) / 100) / 10,
        totalSeconds: Math.round((t2 - t0) / 100) / 10,
        hourlyRows: hourly,
        dailyRows: daily,
        exposures,
      };
      log(
        `events: rollup of ${ROWS} events: hours ${rollup.hourSeconds} s (${hourly} rows), day ${rollup.daySeconds} s (${daily} rows), ${rollup.totalSeconds} s in all`,
      );
    } finally {
      await db.destroy();
    }
  }

  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    'bench/results/events.json',
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        database: 'PostgreSQL',
        machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`,
        target: TARGET,
        mix: '70 % batches of 10–50 to /v1/events, 30 % single events to /v1/event; each post signed with its own nonce',
        seconds: SECONDS,
        results,
        peak,
        met: !!peak && (peak.eventsPerSecond ?? 0) >= TARGET.eventsPerSecond,
        rollup,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await server?.stop();
  await sql(admin, `drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
