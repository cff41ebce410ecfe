import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { ensureSecret } from '../../platform/secrets';
import { mountDemoGame } from './embedded-demo-game';
import { createGameGateway, type GameConfig, type GameGateway, partnerGames } from './game-gateway';

export interface ConfiguredGames {
  /** Every game the marketplace trades: the embedded demo games, then those of GAMES. */
  games: GameConfig[];
  /** The embedded demo games alone (the only ones the demo market seeds). */
  demoGames: GameConfig[];
  gateway: GameGateway;
}

/**
 * The games (decision 0015): the embedded demo games (DEMO_GAME, never in production, mounted on
 * this app) and the external ones of GAMES, behind one gateway; pt calls verify their game token
 * through it from now on. A GAMES entry may not take a demo game's id.
 */
export async function configuredGames(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    config: Pick<Config, 'DEMO_GAME' | 'GAMES' | 'PUBLIC_BASE_URL'>;
    /** Where the demo games keep their data; null keeps it in memory (tests). */
    dataDir: string | null;
  },
): Promise<ConfiguredGames> {
  const { config } = deps;
  const demoGames: GameConfig[] = config.DEMO_GAME
    ? await mountDemoGame(app, {
        secret: await ensureSecret(deps.platform.db, 'demoGamePartner'),
        dataDir: deps.dataDir,
        publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
      })
    : [];
  const games = [...demoGames, ...partnerGames(config.GAMES)];
  const clash = games.find((g, i) => games.findIndex((o) => o.gameId === g.gameId) !== i);
  if (clash) throw new Error(`Invalid configuration:\nGAMES: ${clash.gameId} is already an embedded demo game`);
  const gateway = createGameGateway(games, 'marketplace');
  deps.platform.games = gateway.verifier;
  return { games, demoGames, gateway };
}
