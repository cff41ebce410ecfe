import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const asset = (name: string) => fs.readFile(new URL(`./host/${name}`, import.meta.url), 'utf8');

/**
 * The host page (`/host`): plain HTML, CSS and JS from src/host, no build step. The page learns
 * its prefix, the game id and the marketplace's address from a JSON block in the HTML.
 */
export async function hostRoutes(
  app: FastifyInstance,
  opts: { gameId: string; publicBaseUrl: string; gameName?: string },
): Promise<void> {
  const [html, css, js, views, bridge] = await Promise.all([
    asset('host.html'),
    asset('host.css'),
    asset('host.js'),
    asset('views.js'),
    asset('bridge.js'),
  ]);
  const config = JSON.stringify({ base: app.prefix, gameId: opts.gameId, marketBase: opts.publicBaseUrl }).replace(
    /</g,
    '\\u003c',
  );
  const page = html
    .replace('{"config":"__CONFIG__"}', config)
    .replaceAll('__BASE__', app.prefix)
    .replaceAll('__GAME_NAME__', opts.gameName ?? '传奇·演示');
  app.get('/host', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
  app.get('/host/host.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(css));
  app.get('/host/host.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(js));
  app.get('/host/views.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(views));
  app.get('/host/bridge.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(bridge));
}
