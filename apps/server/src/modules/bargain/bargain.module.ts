import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import type { NoticesHandle } from '../notices/notices.module';
import type { OrderEvents } from '../orders/order-events';
import { offerRoutes } from './offer.routes';
import type { OfferDeps } from './offer.service';
import { sweepOffers } from './offer-moves';

/** Bargains and offers (出价): the calls, and the sweeper of their deadlines. */
export function bargainModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sweepEveryMs: number;
    events?: OrderEvents;
    notices?: NoticesHandle;
  },
): { sweep: (now: number) => ReturnType<typeof sweepOffers> } {
  const { platform, gateway, events, notices } = deps;
  const offerDeps: OfferDeps = {
    db: platform.db,
    gateway,
    ...(events ? { events } : {}),
    ...(notices ? { notices } : {}),
  };
  offerRoutes(app, platform, offerDeps);
  sweepEvery(app, deps.sweepEveryMs, 'offers', () => sweepOffers(offerDeps));
  return { sweep: (now) => sweepOffers(offerDeps, now) };
}
