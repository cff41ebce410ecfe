import type { FastifyInstance } from 'fastify';
import { gameRoutes } from './game.routes';
import { createGame, type KeyNotifier } from './game.service';
import { partnerRoutes } from './partner.routes';
import { renderRoutes } from './render.routes';
import { openStore } from './store';

export interface DemoGameOptions {
  dataDir: string | null;
  gameId: string;
  partnerSecret: string;
  publicBaseUrl?: string;
  now?: () => number;
  /** Announces consignment keys to the exchange (game → exchange callback). */
  notifyKey?: KeyNotifier;
}

/**
 * The demo game as a Fastify plugin: the exchange registers it under /demo-game in the embedded
 * default; `src/main.ts` runs it alone. It talks to the exchange only over the partner API.
 */
export async function demoGame(app: FastifyInstance, opts: DemoGameOptions): Promise<void> {
  const now = opts.now ?? Date.now;
  const store = await openStore(opts.dataDir);
  const game = createGame(store, now, opts.notifyKey);
  await app.register(gameRoutes, { game, store, gameId: opts.gameId, now });
  await app.register(partnerRoutes, { prefix: '/partner/v1', store, secret: opts.partnerSecret, now });
  await app.register(renderRoutes, { store, publicBaseUrl: opts.publicBaseUrl ?? '' });
}
