import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import { offerRoutes } from './offer.routes';
import { sweepOffers } from './offer-moves';

/** Bargains and offers (出价): the calls, and the sweeper of their deadlines. */
export function bargainModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; gateway: GameGateway; sweepEveryMs: number },
): void {
  const { platform, gateway } = deps;
  offerRoutes(app, platform, gateway);
  sweepEvery(app, deps.sweepEveryMs, 'offers', () => sweepOffers({ db: platform.db, gateway }));
}
