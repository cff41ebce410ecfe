import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkGameTokenOnline } from '@app/protocol/calls/game';
import { checkVersion } from '@app/protocol/calls/system';
import { createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { demoComposition } from '../../../demo/src/demo-composition';
import { freePort, startServer } from '../../../tests/start-server';
import { buildApp } from '../src/app';
import { freshDatabase, type TestDatabase, testConfig, testDb } from './helpers';

/**
 * Stopping loses nothing in flight: the server is stopped while 200 requests that read the
 * database are under way (most of them still waiting to be accepted). Every one of them completes
 * with 200; none is answered 5xx (503 while closing, "driver has already been destroyed") or
 * reset; once stopped, the port refuses connections. The app opens its own database here (PGlite
 * in a folder, or a fresh PostgreSQL database), so its close really destroys it; Redis too with
 * TEST_REDIS_URL.
 */

const CONCURRENT = 200;
const dirs: string[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const d of databases) await d.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The app's own database settings: a PGlite folder, or the URL of a fresh PostgreSQL database. */
async function ownDatabase(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-stop-'));
  dirs.push(dataDir);
  const redis: Record<string, string> = process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `stop${Date.now()}:` }
    : {};
  // What is tested is the stop, not load shedding (on PostgreSQL it is on by default; a loaded test
  // machine's event loop would shed the test's own calls as 503).
  const noShedding = { SHED_EVENT_LOOP_DELAY_MS: '0' };
  if (testDb === 'pglite') return { DATA_DIR: dataDir, ...redis, ...noShedding };
  const pg = await freshDatabase();
  databases.push(pg);
  return { DATA_DIR: dataDir, DATABASE_URL: pg.url as string, ...redis, ...noShedding };
}

type Outcome = { status: number; body: string } | { failed: string };

/** Signed checkVersion calls (each reads the maintenance switch from the database) and readiness probes. */
async function traffic(baseUrl: string, n: number, onAnswer: () => void): Promise<Outcome[]> {
  const boot = await fetch(`${baseUrl}/pb/api/app/system/v1/clientConfig?source=H5`);
  const codec = createClientCodec(((await boot.json()) as { data: never }).data);
  const one = async (i: number): Promise<Outcome> => {
    const request: [string, RequestInit] =
      i % 2 === 0
        ? [
            `${baseUrl}${callPath(checkVersion)}`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-source': 'H5' },
              body: JSON.stringify(codec.sealPost({}, false)),
            },
          ]
        : [`${baseUrl}/health/ready`, {}];
    try {
      const res = await fetch(...request);
      const body = await res.text();
      onAnswer();
      return { status: res.status, body };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { failed: cause?.code ?? cause?.message ?? String(error) };
    }
  };
  return Promise.all(Array.from({ length: n }, (_, i) => one(i)));
}

/** Every request sent before the stop is answered in full: 200 and a successful body. */
function expectNothingLost(outcomes: Outcome[]) {
  const lost = outcomes.filter(
    (o) => !('status' in o) || o.status !== 200 || !/"(code":"200|status":"ok)"/.test(o.body),
  );
  expect(lost.length, JSON.stringify(lost.slice(0, 3))).toBe(0);
}

/** After the stop, the port refuses connections (no 5xx, no half-open server). */
async function expectRefused(baseUrl: string) {
  const error = await fetch(`${baseUrl}/health`).then(
    (res) => new Error(`answered ${res.status}`),
    (e: unknown) => e as Error & { cause?: { code?: string } },
  );
  expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
}

describe('stopping the server under load', () => {
  it('app.close() mid-flight: in-flight requests complete, then the database closes', async () => {
    const config = testConfig(await ownDatabase());
    const app = await buildApp(config, demoComposition(config));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    let answers = 0;
    let closed: Promise<void> | null = null;
    const outcomes = await traffic(`http://127.0.0.1:${port}`, CONCURRENT, () => {
      // Close once a few answers are back: most requests are still in flight.
      if (++answers === 10) closed = app.close();
    });
    await closed;
    expect(closed).not.toBeNull();
    expectNothingLost(outcomes);
    await expectRefused(`http://127.0.0.1:${port}`);
  });

  it('app.close() mid-flight: calls that ask the embedded demo game meanwhile still get its answer', async () => {
    const config = testConfig(await ownDatabase());
    const app = await buildApp(config, demoComposition(config));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const login = (await (
      await fetch(`${base}/demo-game/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
      })
    ).json()) as { data: { gameId: string; gameToken: string; serverId: string } };
    const { gameId, gameToken, serverId } = login.data;
    const boot = await fetch(`${base}/pb/api/app/system/v1/clientConfig?source=H5SDK`);
    const codec = createClientCodec(((await boot.json()) as { data: never }).data);
    let answers = 0;
    let closed: Promise<void> | null = null;
    // Each asks the game (over the signed partner API, in process) whose the token is.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async (): Promise<Outcome> => {
        try {
          const res = await fetch(`${base}${callPath(checkGameTokenOnline)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-source': 'H5SDK' },
            body: JSON.stringify(codec.sealPost({ gameId, gameToken, serverId }, false)),
          });
          const body = await res.text();
          if (++answers === 3) closed = app.close();
          return { status: res.status, body };
        } catch (error) {
          return { failed: String(error) };
        }
      }),
    );
    await closed;
    expect(closed).not.toBeNull();
    expectNothingLost(outcomes);
  });

  it('SIGTERM to the real server mid-flight: no 5xx, exit code 0', async () => {
    const env = await ownDatabase();
    const { DATA_DIR, ...rest } = env;
    const server = await startServer(
      await freePort(),
      {
        ...rest,
        DEMO_MARKET: '0',
        SWEEP_MS: '0',
        RATE_LIMIT_CLIENT_PER_10S: '0',
        RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      },
      {
        dataDir: DATA_DIR as string,
      },
    );
    try {
      let answers = 0;
      const outcomes = await traffic(server.baseUrl, CONCURRENT, () => {
        if (++answers === 10) server.child.kill('SIGTERM');
      });
      expectNothingLost(outcomes);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      await expectRefused(server.baseUrl);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
