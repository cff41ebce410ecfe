import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { brokerRoutes } from './broker.routes';
import { setBrokerConfig } from './broker-config';

/**
 * The broker channel (docs/decisions/0023-broker.md): its settings per game, the merchants, their
 * coin listings with stock. The demo games open their channel with the defaults.
 */
export function brokerModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; gateway: GameGateway; demoGames: readonly string[] },
): { prepare: () => Promise<void> } {
  brokerRoutes(app, deps.platform, deps.gateway);
  return {
    async prepare() {
      for (const applicationId of deps.demoGames)
        await setBrokerConfig(deps.platform.db, {
          applicationId,
          enabled: true,
          minQuantity: 10_000,
          maxQuantity: 100_000_000,
          feePercent: 3,
          deliverMinutes: 30,
          confirmHours: 24,
        });
    },
  };
}
