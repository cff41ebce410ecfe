import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { SmsDeps } from '../sms/sms.service';
import { gameDataRoutes } from './game-data.routes';
import type { GameGateway } from './game-gateway';
import { gameLoginRoutes } from './game-login.routes';

/**
 * The games seen from the marketplace: login from inside a game, what a game shows (servers,
 * accounts, roles, coins, blacklist).
 */
export function gamesModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sms: SmsDeps;
    config: Pick<Config, 'SESSION_TTL_DAYS'>;
  },
): void {
  const { platform, gateway } = deps;
  gameLoginRoutes(app, platform, gateway, deps.config.SESSION_TTL_DAYS, deps.sms);
  gameDataRoutes(app, platform, gateway);
}
