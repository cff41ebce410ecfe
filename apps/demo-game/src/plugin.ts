import { httpExchange, type KeyNotifier, type ScreenshotNotifier } from '@app/game-partner/partner-callbacks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createConsignment } from './consignment';
import { openFileStore } from './file-store';
import { gameRoutes } from './game.routes';
import { createGame } from './game.service';
import { hostRoutes } from './host.routes';
import { partnerRoutes } from './partner.routes';
import type { PartnerDispatch } from './partner-auth';
import { GAME_PROFILES, type GameProfile, LEGEND } from './profiles';
import { renderRoutes } from './render.routes';
import { openStore } from './store';

export type { KeyNotifier, ScreenshotNotifier } from '@app/game-partner/partner-callbacks';

export type { PartnerDispatch } from './partner-auth';
export type { GameProfile } from './profiles';

export interface DemoGameOptions {
  /**
   * Where `demo-game/state.json` and `demo-game/files/` live (other profiles than legend:
   * `demo-game/<gameId>/…`); null keeps everything in memory.
   */
  dataDir: string | null;
  /** Which demo game this is (servers, classes, coins, items); defaults to the profile of gameId, else legend. */
  profile?: GameProfile;
  /** e.g. 'demo-legend'; also X-Partner-Id of the game's callbacks to the exchange. */
  gameId: string;
  /** Shared secret of the partner API (exchange → game). */
  partnerSecret: string;
  /** The exchange's base URL for game → exchange callbacks (consignment key, screenshots). */
  exchangeBaseUrl?: string;
  /** Secret of those callbacks (defaults to partnerSecret). */
  exchangeSecret?: string;
  /** The marketplace's public address, for the SDK view in the host page ('' = same origin). */
  publicBaseUrl?: string;
  /** The clock (unix ms), injectable for tests. */
  now?: () => number;
  /** In-process callbacks instead of HTTP ones (the embedded exchange passes these). */
  notifyKey?: KeyNotifier;
  notifyScreenshots?: ScreenshotNotifier;
  /**
   * Receives the partner API's own entry (the same checks and calls as over HTTP), for an embedding
   * exchange to call without HTTP.
   */
  partnerInProcess?: (dispatch: PartnerDispatch) => void;
}

/**
 * The demo game as a Fastify plugin: the exchange registers it under /demo-game in the embedded
 * default; `src/main.ts` runs it alone. It talks to the exchange only over the partner API.
 */
export async function demoGame(app: FastifyInstance, opts: DemoGameOptions): Promise<void> {
  const now = opts.now ?? Date.now;
  const profile = opts.profile ?? GAME_PROFILES.find((p) => p.gameId === opts.gameId) ?? LEGEND;
  const store = await openStore(opts.dataDir, now, profile);
  const files = openFileStore(opts.dataDir, profile);
  const http = opts.exchangeBaseUrl
    ? httpExchange({
        baseUrl: opts.exchangeBaseUrl,
        gameId: opts.gameId,
        secret: opts.exchangeSecret ?? opts.partnerSecret,
      })
    : null;
  const game = createGame(store, now);
  const consignment = createConsignment({
    store,
    game,
    files,
    now,
    notifyKey: opts.notifyKey ?? http?.announceKey,
    notifyScreenshots: opts.notifyScreenshots ?? http?.uploadScreenshots,
  });
  // A separate exchange needs absolute file URLs; the embedded one shares the origin.
  const filesUrl = (request: FastifyRequest) =>
    `${http ? `${request.protocol}://${request.host}` : ''}${app.prefix}/files`;
  await app.register(gameRoutes, { game, store, files, consignment, gameId: opts.gameId, now, filesUrl });
  await app.register(partnerRoutes, {
    prefix: '/partner/v1',
    store,
    secret: opts.partnerSecret,
    now,
    ...(opts.partnerInProcess ? { inProcess: opts.partnerInProcess } : {}),
  });
  await app.register(renderRoutes, { store, profile });
  await app.register(hostRoutes, {
    gameId: opts.gameId,
    gameName: profile.name,
    publicBaseUrl: opts.publicBaseUrl ?? '',
  });
}
