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
import { seedDemoMarket } from './demo-market';
import { syncGames } from './game-catalogue';
import { createCountCache } from './games.queries';
import { gameRoutes } from './games.routes';
import { marketArtRoutes } from './market-art.routes';

/**
 * The market's routes, and what must happen once the server is ready (the partner API answers
 * only then): the games table follows the configured games; the demo market is seeded if asked.
 */
export async function marketModule(
  app: FastifyInstance,
  /** games: every configured game (synced); demoGames: the embedded demo games, the only ones the demo market seeds. */
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    games: GameConfig[];
    demoGames: GameConfig[];
    seedDemo: boolean;
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
    async prepare(): Promise<void> {
      await syncGames(platform.db, deps.gateway, deps.games);
      if (deps.seedDemo) await seedDemoMarket(platform.db, deps.gateway, deps.demoGames, app.log);
      counts.invalidate();
    },
  };
}
