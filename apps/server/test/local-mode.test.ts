import { Writable } from 'node:stream';
import { SERVER_PATH, SERVER_PATH_PREFIXES } from '@app/protocol/server-paths';
import { describe, expect, it, vi } from 'vitest';
import { demoComposition } from '../../../demo/src/demo-composition';
import { buildApp } from '../src/app';
import { prettyLogs } from '../src/platform/log/destination';
import { freshDatabase, testConfig, useTestApp } from './helpers';

/** Every route any Fastify instance of this file registers (the app's own, its plugins', the demo games'). */
const routes = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = ((options: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      routes.add(route.url);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

/** The app of the file: its routes are what the mock above collects. */
useTestApp();

describe('the paths the server answers', () => {
  it('are all under a prefix of SERVER_PATH_PREFIXES, which the Vite dev server proxies', () => {
    expect(routes.size).toBeGreaterThan(100);
    const outside = [...routes].filter((url) => !SERVER_PATH.test(url));
    expect(outside).toEqual([]);
  });

  it('name no prefix the server does not use (besides the gateway aliases, a rewrite)', () => {
    const aliases = /^\/(user|exchange|pay|extract)\/(pb|df|pt)$/;
    const unused = SERVER_PATH_PREFIXES.filter(
      (prefix) => !aliases.test(prefix) && ![...routes].some((url) => url === prefix || url.startsWith(`${prefix}/`)),
    );
    expect(unused).toEqual([]);
  });

  it('leave the web app its pages, even those that start like a prefix', () => {
    for (const page of ['/ops', '/h5/pages/index/index', '/healthy', '/development', '/v1x', '/paynotify'])
      expect(SERVER_PATH.test(page), page).toBe(false);
    for (const path of [
      '/ops/v1/me',
      '/health',
      '/health?x=1',
      '/openapi.json',
      '/user/pb/api/x',
      '/market/art/a/b.svg',
    ])
      expect(SERVER_PATH.test(path), path).toBe(true);
  });
});

describe('the start-up log', () => {
  it('is readable lines outside production on a terminal or with LOG_PRETTY=1, JSON in production and when piped', () => {
    expect(prettyLogs({ APP_ENV: 'local' }, true)).toBe(true);
    expect(prettyLogs({ APP_ENV: 'development' }, false)).toBe(false);
    expect(prettyLogs({ APP_ENV: 'local', LOG_PRETTY: '1' }, false)).toBe(true);
    expect(prettyLogs({ APP_ENV: 'local', LOG_PRETTY: '0' }, true)).toBe(false);
    expect(prettyLogs({ APP_ENV: 'production', LOG_PRETTY: '1' }, true)).toBe(false);
  });

  it('logs the in-process calls to the embedded demo games at debug, the same path from the network at info', async () => {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await freshDatabase();
    const config = testConfig({ LOG_LEVEL: 'debug' });
    const app = await buildApp(config, { db: database.db, logStream: stream, ...demoComposition(config) });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = '/demo-game/partner/v1/servers';
      await app.inject({ method: 'POST', url, payload: {} });
      const address = app.server.address() as { port: number };
      await fetch(`http://127.0.0.1:${address.port}${url}`, { method: 'POST', body: '{}' });
    } finally {
      await app.close();
      await database.drop();
    }
    const incoming = lines.filter((l) => l.msg === 'incoming request' && l.req?.url.includes('/partner/v1/'));
    expect(incoming.map((l) => l.level)).toEqual([20, 30]);
  });
});
