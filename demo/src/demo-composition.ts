import type { SeedServices } from '../../apps/server/src/app';
import type { GameConfig } from '../../apps/server/src/modules/games/game-gateway';
import type { Composition } from '../../apps/server/src/serve';
import { seedDemoAuctions } from './demo-auctions';
import { DEMO_CATALOGUE } from './demo-catalogue';
import { seedDemoMarket } from './demo-market';
import { openDemoChannels, seedDemoMerchants } from './demo-merchants';
import { mountDemoGames } from './embedded-demo-game';

/**
 * The demo outside the product (decision 0044): the server of `npm start` and of the tests with
 * the demo games mounted (DEMO_GAME, refused in production) and, on a fresh start, the demo market
 * seeded on them (DEMO_MARKET): listings frozen in the games, history, banners, auctions with
 * bids, merchants with stock. Everything goes through the modules' services, as any client's
 * work would; production's entry (apps/server/src/server.ts) loads none of this.
 */
export const demoComposition: Composition = (config) => {
  if (!config.DEMO_GAME) return {};
  // The games this build mounts: the only ones the demo market seeds (never one of GAMES).
  let mounted: GameConfig[] = [];
  return {
    mountGames: async (app, deps) => {
      mounted = await mountDemoGames(app, deps);
      return mounted;
    },
    catalogue: DEMO_CATALOGUE,
    ...(config.DEMO_MARKET ? { seed: (services: SeedServices) => seedDemo(services, mounted) } : {}),
  };
};

/**
 * The demo market on the mounted demo games, then its auctions, then the broker channel's
 * merchants; on a fresh seed, the statistics rolled up over the 60 days of sales it wrote in the
 * past (the rollup's look-back reaches two days: the dashboard and 行情 would miss the rest).
 */
async function seedDemo(
  { db, gateway, log, auctions, rollUpHistory }: SeedServices,
  games: GameConfig[],
): Promise<void> {
  const seeded = await seedDemoMarket(db, gateway, games, log);
  await seedDemoAuctions(auctions, log);
  const ids = games.map((g) => g.gameId);
  await openDemoChannels(db, ids);
  await seedDemoMerchants(db, gateway, ids, log);
  if (seeded > 0) await rollUpHistory();
}
