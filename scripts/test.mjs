#!/usr/bin/env node
// `npm test`: unit and server tests on PGlite, the server tests again on PostgreSQL (and Redis)
// when reachable, then the browser journeys in Chromium. In CI (CI=1) a missing PostgreSQL,
// Redis or Chromium is a failure, not a skip. `npm run test:fast` (`fast`) is the first leg
// alone, the everyday loop; `unit` is the first two, `browser` the last.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const ci = process.env.CI === '1' || process.env.CI === 'true';
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function run(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const only = process.argv[2];
const hasPg = await reachable(pgUrl);
const hasRedis = await reachable(redisUrl);
if (ci && ((only !== 'fast' && !hasPg) || !hasRedis)) {
  console.error(`CI needs PostgreSQL (${pgUrl}) and Redis (${redisUrl}).`);
  process.exit(1);
}
const redisEnv = hasRedis ? { TEST_REDIS_URL: redisUrl } : {};

if (!only || only === 'unit' || only === 'fast') {
  // The everyday loop leaves out the files that start and kill server processes (decision 0053).
  const everyday = only === 'fast' ? { TEST_EVERYDAY: '1' } : {};
  run('unit and server tests on PGlite', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite', ...redisEnv, ...everyday });
  if (only === 'fast') console.info('\n(crash-restart and graceful-stop run in `npm test` only)');
  if (!hasRedis) console.info(`\n(Redis not reachable at ${redisUrl}: the tests that need it were skipped)`);
}

if (!only || only === 'unit') {
  if (hasPg)
    run('server tests on PostgreSQL', 'npx', ['vitest', 'run', 'apps/server'], {
      TEST_DB: 'postgres',
      TEST_PG_URL: pgUrl,
      ...redisEnv,
    });
  else console.info('\n(PostgreSQL not reachable: server tests ran on PGlite only)');
}

if (!only || only === 'browser') {
  if (!fs.existsSync(chromium)) {
    if (ci) {
      console.error(`Chromium not found at ${chromium}: browser journeys cannot run.`);
      process.exit(1);
    }
    console.info(`\n(Chromium not found at ${chromium}: browser journeys skipped; apt-get install -y chromium)`);
  } else {
    run('build the web app', 'npm', ['run', 'build', '-w', '@app/web']);
    run('browser journeys in Chromium', 'npx', ['vitest', 'run', '-c', 'tests/browser/vitest.config.ts'], {
      CHROMIUM_PATH: chromium,
    });
  }
}
