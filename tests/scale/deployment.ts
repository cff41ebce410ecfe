import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPem } from '@app/protocol/codec/server';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../start-server';
import { redisRelay } from '../tcp-relay';

/**
 * The scaled deployment of docs/scaled-deployment.md on this machine, for the scale suite:
 *
 * - PostgreSQL: a cluster of its own (initdb into a temporary folder, the machine's binaries, a
 *   free port), so that restarting it never disturbs the PostgreSQL others use;
 * - Redis: the machine's, on a db index of its own (SCALE_REDIS_URL, default db 13), flushed first;
 * - the demo game as its own process (a partner game of GAMES, as a real game would be);
 * - NODES server processes (the real entry, server.ts) in the pre environment: production's
 *   settings and secrets, shared by every node, except the sandbox payment gateway, the console
 *   SMS and the test hooks the suite drives;
 * - HAProxy with deploy/haproxy.cfg in front of them, round-robin.
 */

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const NODE_NAMES = ['a', 'b', 'c'] as const;
export type NodeName = (typeof NODE_NAMES)[number];
const GAME_ID = 'demo-legend';

export interface Node {
  name: NodeName;
  port: number;
  url: string;
  logFile: string;
  child: ChildProcess | null;
  /** Every exit of this node's processes, in order (code or signal). */
  exits: Array<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Set while the suite stops it: any other exit is a crash. */
  stopping: boolean;
}

export interface Deployment {
  /** The balancer: what clients call. */
  url: string;
  /** The demo game's own address (its login page's API). */
  gameUrl: string;
  nodes: Node[];
  databaseUrl: string;
  db: pg.Pool;
  redis: Redis;
  redisPrefix: string;
  /** SIGTERM (graceful drain), waits for the exit: answers the exit. */
  stopNode(node: Node): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Starts the node again on its port and waits until the balancer's check sees it; `env` adds
   * settings (a fault to inject), and `dies` says it is meant to end by itself (not a crash).
   */
  startNode(node: Node, options?: { env?: Record<string, string>; dies?: boolean }): Promise<void>;
  /** Stops PostgreSQL (fast shutdown: its connections are cut). */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /**
   * A streaming standby of the primary (pg_basebackup), and synchronous replication to it: a
   * commit is acknowledged once the standby has it, so none is lost when the primary fails.
   */
  startStandby(): Promise<void>;
  /** The primary fails (immediate stop: no checkpoint, its connections cut, as a crash). */
  crashPrimary(): Promise<void>;
  /** The standby becomes the primary (pg_ctl promote); the processes find it through the front. */
  promoteStandby(): Promise<void>;
  /** Redis is gone for the processes: every connection to it cut, new ones refused. */
  cutRedis(): void;
  restoreRedis(): void;
  /** The game hangs (SIGSTOP): it accepts connections and answers nothing, as a game under a stall. */
  pauseGame(): void;
  /** The game is gone (SIGKILL): its port refuses. */
  killGame(): Promise<void>;
  /** The game starts again on its port and its data, and answers. */
  startGame(): Promise<void>;
  /** A process that ended without being stopped (named, with the end of its log), or null. */
  crashed(): string | null;
  /** The JSON lines a node has logged so far (every process it ran). */
  logOf(node: Node): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

function pgBin(): string {
  const versions = fs
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** initdb and postgres refuse root: as root, the cluster runs as the postgres user. */
function asPostgres(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args];
}

function run(argv: string[], what: string): void {
  const [command, ...args] = argv as [string, ...string[]];
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`);
}

async function waitUntil(what: string, ok: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ok().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string, status = 200) => fetch(url).then((r) => r.status === status);

export async function startDeployment(): Promise<Deployment> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-scale-'));
  fs.chmodSync(tmp, 0o755);
  const bin = pgBin();
  const pgData = path.join(tmp, 'pg');
  fs.mkdirSync(pgData, { mode: 0o700 });
  if (process.getuid?.() === 0) fs.chownSync(pgData, Number(idOf('-u')), Number(idOf('-g')));
  // Every port of the deployment distinct: the system may hand a just-closed probe port out again,
  // and a node on the balancer's port would answer alone behind a HAProxy that could not bind.
  const taken = new Set<number>();
  const distinctPort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const pgPort = await distinctPort();
  const standbyPort = await distinctPort();
  const frontPort = await distinctPort();
  run(
    asPostgres(`${bin}/initdb`, ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']),
    'initdb',
  );
  // In the cluster's own file, not on the command line: the failover case turns synchronous
  // replication on with ALTER SYSTEM, which a command-line setting would override.
  fs.appendFileSync(
    path.join(pgData, 'postgresql.conf'),
    "\nlisten_addresses = '127.0.0.1'\nmax_connections = 200\nsynchronous_commit = off\n",
  );
  const pgLog = path.join(pgData, 'server.log');
  const pgCtl = (data: string, port: number, args: string[], what: string) =>
    run(asPostgres(`${bin}/pg_ctl`, ['-D', data, '-o', `-p ${port} -k ${data}`, ...args]), what);
  const startPostgres = async () => pgCtl(pgData, pgPort, ['-l', pgLog, '-w', '-t', '60', 'start'], 'pg_ctl start');
  const stopPostgres = async () => pgCtl(pgData, pgPort, ['-m', 'fast', '-w', '-t', '60', 'stop'], 'pg_ctl stop');
  await startPostgres();
  const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database market');
  await admin.end();

  // The processes reach PostgreSQL through its own HAProxy (deploy/haproxy-postgres.cfg): the
  // primary, and the streaming standby as its backup once the failover case has made one.
  const pgFrontLog = fs.openSync(path.join(tmp, 'haproxy-postgres.log'), 'a');
  const pgFront = spawn('haproxy', ['-db', '-f', path.join(ROOT, 'deploy/haproxy-postgres.cfg')], {
    env: {
      ...process.env,
      MARKET_PG_BIND: `127.0.0.1:${frontPort}`,
      MARKET_PG_PRIMARY: `127.0.0.1:${pgPort}`,
      MARKET_PG_STANDBY: `127.0.0.1:${standbyPort}`,
    },
    stdio: ['ignore', pgFrontLog, pgFrontLog],
  });
  const databaseUrl = `postgres://postgres@127.0.0.1:${frontPort}/market`;
  await waitUntil('PostgreSQL behind its HAProxy', async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } finally {
      await c.end().catch(() => {});
    }
  });
  const standbyData = path.join(tmp, 'pg-standby');
  let standbyStarted = false;

  const redisUrl = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
  const redisPrefix = 'scale:';
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  await redis.flushdb();
  // The processes reach Redis through a relay the suite can cut: Redis gone and back, as they see it.
  const redisFront = await redisRelay(new URL(redisUrl));

  const lbPort = await distinctPort();
  const url = `http://127.0.0.1:${lbPort}`;
  const secret = randomBytes(24).toString('hex');

  // The demo game, alone (apps/demo-game/src/main.ts): the exchange reaches it over the partner API.
  const gamePort = await distinctPort();
  const gameUrl = `http://127.0.0.1:${gamePort}/demo-game`;
  const gameLog = fs.openSync(path.join(tmp, 'game.log'), 'a');
  const spawnGame = () =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/demo-game/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(gamePort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'game'),
        GAME_ID,
        DEMO_GAME_SECRET: secret,
        MARKET_URL: url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', gameLog, gameLog],
    });
  let game = spawnGame();
  await waitUntil('the demo game', () => answers(`${gameUrl}/api/servers`));

  // What every node shares: production's settings and secrets (one codec key, one PII key...).
  const shared: Record<string, string> = {
    APP_ENV: 'pre',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisFront.url,
    REDIS_PREFIX: redisPrefix,
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_BASE_URL: url,
    RSA_PRIVATE_KEY: generateKeyPem(),
    PII_KEY: randomBytes(32).toString('hex'),
    SMS_CODE_SECRET: randomBytes(32).toString('hex'),
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
    OPS_TOKEN: randomBytes(12).toString('hex'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    WEB_DIST: '/nonexistent',
    DEMO_GAME: '0',
    DEMO_MARKET: '0',
    GAMES: JSON.stringify([
      { gameId: GAME_ID, name: '传奇·演示', baseUrl: `${gameUrl}/partner/v1`, secret, crossServer: true },
    ]),
    // The suite's allowances: the sandbox gateway (no payment keys), the console SMS, the test hooks.
    SMS_DRIVER: 'console',
    // Deadlines are swept every second (the sweep test waits for them).
    SWEEP_MS: '1000',
    // Every call of the suite comes from one address: the per-address API ceiling is raised; the
    // per-client and statistics limits stay at production's values.
    RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    REALNAME_PER_ADDRESS_DAY: '1000000',
    LOG_LEVEL: 'info',
    LOG_PRETTY: '0',
  };

  const nodes: Node[] = [];
  for (const name of NODE_NAMES) {
    const port = await distinctPort();
    nodes.push({
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      logFile: path.join(tmp, `node-${name}.log`),
      child: null,
      exits: [],
      stopping: false,
    });
  }

  const crashes: string[] = [];
  const spawnNode = (node: Node, env: Record<string, string> = {}) => {
    node.stopping = false;
    const out = fs.openSync(node.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...shared,
        PORT: String(node.port),
        NODE_NAME: node.name,
        DATA_DIR: path.join(tmp, node.name),
        ...env,
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child.once('exit', (code, signal) => {
      node.exits.push({ code, signal });
      if (!node.stopping) crashes.push(`node ${node.name} (${code ?? signal}): ${tail(node.logFile)}`);
    });
    node.child = child;
    return child;
  };
  const healthy = (node: Node) =>
    waitUntil(`node ${node.name}`, async () => {
      if (node.child?.exitCode !== null) throw new Error(`node ${node.name} exited: see ${node.logFile}`);
      return answers(`${node.url}/health`);
    });

  // The three start together: migrations and first-start secrets are safe to race.
  for (const node of nodes) spawnNode(node);
  await Promise.all(nodes.map(healthy));

  // HAProxy, from the checked-in config; the addresses come from its environment.
  const haproxyLog = fs.openSync(path.join(tmp, 'haproxy.log'), 'a');
  const haproxy = spawn('haproxy', ['-db', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], {
    cwd: path.join(ROOT, 'deploy'),
    env: {
      ...process.env,
      MARKET_BIND: `127.0.0.1:${lbPort}`,
      MARKET_NODE_A: `127.0.0.1:${nodes[0]!.port}`,
      MARKET_NODE_B: `127.0.0.1:${nodes[1]!.port}`,
      MARKET_NODE_C: `127.0.0.1:${nodes[2]!.port}`,
    },
    stdio: ['ignore', haproxyLog, haproxyLog],
  });
  let lastSeen = 'nothing';
  const seenBehindBalancer = async () => {
    if (haproxy.exitCode !== null) {
      lastSeen = `no balancer: haproxy exited (${haproxy.exitCode})`;
      return false;
    }
    const seen = new Set<string>();
    for (let i = 0; i < nodes.length * 2; i++) {
      const answer = await fetch(`${url}/health`).catch((e: Error) => e);
      seen.add(
        answer instanceof Error ? `error ${answer.message}` : (answer.headers.get('x-node') ?? `${answer.status}`),
      );
    }
    lastSeen = [...seen].join(', ');
    return nodes.every((n) => seen.has(n.name));
  };
  try {
    await waitUntil('HAProxy with every node in rotation', seenBehindBalancer);
  } catch (e) {
    const logs = [
      `HAProxy:\n${tail(path.join(tmp, 'haproxy.log'))}`,
      ...nodes.map((n) => `node ${n.name}:\n${tail(n.logFile)}`),
    ];
    throw new Error(`${(e as Error).message}; the balancer last answered from: ${lastSeen}\n${logs.join('\n')}`);
  }

  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => {});

  const stop = async (child: ChildProcess | null, signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await ended;
  };

  return {
    url,
    gameUrl,
    nodes,
    databaseUrl,
    db,
    redis,
    redisPrefix,
    async stopNode(node) {
      const before = node.exits.length;
      node.stopping = true;
      await stop(node.child, 'SIGTERM');
      node.child = null;
      return node.exits[before] ?? { code: null, signal: null };
    },
    async startNode(node, options = {}) {
      spawnNode(node, options.env);
      if (options.dies) node.stopping = true;
      await healthy(node);
      // Back in rotation once the balancer's check has seen it.
      await waitUntil(`node ${node.name} back behind the balancer`, async () => {
        for (let i = 0; i < nodes.length * 2; i++)
          if ((await fetch(`${url}/health`)).headers.get('x-node') === node.name) return true;
        return false;
      });
    },
    stopPostgres,
    startPostgres,
    async startStandby() {
      fs.mkdirSync(standbyData, { mode: 0o700 });
      if (process.getuid?.() === 0) fs.chownSync(standbyData, Number(idOf('-u')), Number(idOf('-g')));
      run(
        asPostgres(`${bin}/pg_basebackup`, [
          '-d',
          `host=127.0.0.1 port=${pgPort} user=postgres application_name=standby`,
          '-D',
          standbyData,
          '-X',
          'stream',
          '-R',
          '--no-sync',
          // An immediate checkpoint: the default spread one waits up to 90 % of checkpoint_timeout (4.5 min).
          '--checkpoint=fast',
        ]),
        'pg_basebackup',
      );
      pgCtl(
        standbyData,
        standbyPort,
        ['-l', path.join(standbyData, 'server.log'), '-w', '-t', '60', 'start'],
        'standby start',
      );
      standbyStarted = true;
      const primary = new pg.Client({ connectionString: adminUrl });
      await primary.connect();
      try {
        await waitUntil('the standby streaming', async () => {
          const { rows } = await primary.query(
            `select 1 from pg_stat_replication where application_name = 'standby' and state = 'streaming'`,
          );
          return rows.length === 1;
        });
        await primary.query(`alter system set synchronous_standby_names = 'standby'`);
        await primary.query(`alter system set synchronous_commit = 'remote_write'`);
        await primary.query('select pg_reload_conf()');
        await waitUntil('the standby synchronous', async () => {
          const { rows } = await primary.query(
            `select 1 from pg_stat_replication where application_name = 'standby' and sync_state = 'sync'`,
          );
          return rows.length === 1;
        });
      } finally {
        await primary.end();
      }
    },
    async crashPrimary() {
      pgCtl(pgData, pgPort, ['-m', 'immediate', '-w', '-t', '60', 'stop'], 'pg_ctl stop -m immediate');
    },
    async promoteStandby() {
      pgCtl(standbyData, standbyPort, ['-w', '-t', '60', 'promote'], 'pg_ctl promote');
    },
    cutRedis: () => redisFront.cut(),
    restoreRedis: () => redisFront.restore(),
    pauseGame() {
      game.kill('SIGSTOP');
    },
    async killGame() {
      await stop(game, 'SIGKILL');
    },
    async startGame() {
      game = spawnGame();
      await waitUntil('the demo game again', () => answers(`${gameUrl}/api/servers`));
    },
    crashed: () => crashes[0] ?? null,
    logOf(node) {
      return fs
        .readFileSync(node.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async close() {
      await stop(haproxy, 'SIGTERM');
      for (const n of nodes) n.stopping = true;
      await Promise.all(nodes.map((n) => stop(n.child, 'SIGTERM')));
      // A game the suite left paused (a failed case) hears its SIGTERM only once continued.
      game.kill('SIGCONT');
      await stop(game, 'SIGTERM');
      await db.end().catch(() => {});
      await redis.flushdb().catch(() => {});
      redis.disconnect();
      await redisFront.close();
      await stop(pgFront, 'SIGTERM');
      try {
        await stopPostgres();
      } catch {
        // already stopped
      }
      if (standbyStarted)
        try {
          pgCtl(standbyData, standbyPort, ['-m', 'fast', '-w', '-t', '60', 'stop'], 'standby stop');
        } catch {
          // already stopped
        }
      if (process.env.SCALE_KEEP !== '1') fs.rmSync(tmp, { recursive: true, force: true });
      else console.info(`scale: the deployment's folder is kept: ${tmp}`);
    },
  };
}

/** The last lines of a log, for a crash's message. */
function tail(file: string): string {
  return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
}

function idOf(flag: '-u' | '-g'): string {
  return spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim();
}
