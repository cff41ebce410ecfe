import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RedisClient } from '../../platform/redis';
import { commodityDetailRoutes } from '../exchange/commodity-detail.routes';
import { commodityListRoutes } from '../exchange/commodity-list.routes';
import { watchedListPageCache } from '../exchange/list-page-cache';
import type { SellerRecordOf } from '../exchange/listing-catalogue';
import type { GameConfig, GameGateway } from '../games/game-gateway';
import { listingCatalogue } from './catalogue';
import { collectRoutes } from './collect.routes';
import { contentRoutes } from './content.routes';
import { type CatalogueEntry, syncGames } from './game-catalogue';
import { createCountCache } from './games.queries';
import { gameRoutes } from './games.routes';
import { marketArtRoutes } from './market-art.routes';

/**
 * The market's routes, and what must happen once the server is ready (the partner API answers
 * only then): the games table follows the configured games.
 */
export async function marketModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    /** Every configured game (synced). */
    games: GameConfig[];
    /** The catalogue entries of the mounted games (texts, links, tags; none for a game of GAMES). */
    catalogue?: Readonly<Record<string, CatalogueEntry>> | undefined;
    /** A seller's finished orders and completion rate (the orders module's, shown on a listing). */
    sellerRecord: SellerRecordOf;
    /** With Redis, a listing change empties the list cache of every node. */
    redis?: { client: RedisClient; prefix: string } | undefined;
  },
) {
  const { platform } = deps;
  const listCache = await watchedListPageCache(platform.db, deps.redis);
  if (listCache) app.addHook('onClose', () => listCache.close());
  const counts = createCountCache(platform.db);
  const catalogue = listingCatalogue(platform.db, deps.sellerRecord);
  commodityListRoutes(app, platform, catalogue, listCache);
  commodityDetailRoutes(app, platform, catalogue);
  gameRoutes(app, platform, { counts, gateway: deps.gateway });
  contentRoutes(app, platform);
  collectRoutes(app, platform);
  await marketArtRoutes(app);
  return {
    /** Syncs the games, then runs what the composition seeds on them (the demo market), then counts afresh. */
    async prepare(seed?: () => Promise<void>): Promise<void> {
      await syncGames(platform.db, deps.gateway, deps.games, deps.catalogue);
      await seed?.();
      counts.invalidate();
    },
  };
}
