import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import type { SmsDeps } from '../sms/sms.service';
import { gameDataRoutes } from './game-data.routes';
import type { GameGateway } from './game-gateway';
import { gameLoginRoutes } from './game-login.routes';
import { partnerCallbackRoutes } from './partner-callback.routes';

/**
 * The games seen from the marketplace: login from inside a game, what a game shows (servers,
 * accounts, roles, coins, blacklist) and the partner API's callbacks (keys, screenshots).
 */
export async function gamesModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sms: SmsDeps;
    rates: RateStore;
    config: Pick<Config, 'SESSION_TTL_DAYS'>;
  },
): Promise<void> {
  const { platform, gateway } = deps;
  gameLoginRoutes(app, platform, gateway, deps.config.SESSION_TTL_DAYS, deps.sms);
  gameDataRoutes(app, platform, gateway, deps.rates);
  await partnerCallbackRoutes(app, { db: platform.db, gateway });
}
