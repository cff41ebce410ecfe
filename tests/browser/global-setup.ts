import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { freePort, startServer } from '../start-server';

/** The server sends the .br/.gz beside each built file: each must be exactly that file, compressed. */
function checkPrecompressed(dist: string): void {
  const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' });
  for (const name of files.filter((f) => /\.(br|gz)$/.test(f))) {
    const original = fs.readFileSync(path.join(dist, name.slice(0, -3)));
    const packed = fs.readFileSync(path.join(dist, name));
    const unpacked = name.endsWith('.br') ? brotliDecompressSync(packed) : gunzipSync(packed);
    if (!unpacked.equals(original))
      throw new Error(`${name} is not ${name.slice(0, -3)} compressed: rebuild the web app`);
  }
}

/**
 * Starts the real server (built web app, fresh PGlite data folder, console SMS, the demo game)
 * on a free port for the journeys, exactly as `npm start` would, once per journey worker
 * (vitest.config.ts), and gives them their URLs: a worker's files share its server, and no
 * journey sees another worker's data.
 */
let servers: Awaited<ReturnType<typeof startServer>>[] = [];

export async function setup(project: TestProject): Promise<void> {
  checkPrecompressed(path.resolve(process.env.WEB_DIST ?? 'apps/web/dist'));
  const started = await Promise.allSettled(
    Array.from({ length: project.config.maxWorkers }, () => startJourneyServer()),
  );
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // One server did not start: stop the others, so no process outlives the run.
    await teardown();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
}

async function startJourneyServer() {
  return startServer(await freePort(), {
    APP_ENV: 'local',
    // Every journey's players and its setup calls come from one address, many times faster than
    // people: the API and SMS per-address limits are raised for them (their own tests are server tests).
    RATE_LIMIT_CLIENT_PER_10S: '2000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
    SMS_PER_ADDRESS_HOUR: '1000',
    SMS_PER_ADDRESS_DAY: '1000',
    REALNAME_PER_ADDRESS_DAY: '100000',
    // moneyops: above ¥150 a payout waits for staff, so the console's review journey needs only a ¥200 sale.
    WITHDRAW_REVIEW_ABOVE_FEN: '15000',
  });
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per journey worker: worker n (VITEST_POOL_ID, from 1) uses baseUrls[n - 1]. */
    baseUrls: string[];
  }
}
