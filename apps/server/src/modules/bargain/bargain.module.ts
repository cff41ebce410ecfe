import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { offerRoutes } from './offer.routes';
import { sweepOffers } from './offer-moves';

/** Bargains and offers (出价): the calls, and the sweeper of their deadlines. */
export function bargainModule(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: { gateway: GameGateway; sweepEveryMs: number },
): void {
  offerRoutes(app, platform, deps.gateway);
  if (deps.sweepEveryMs <= 0) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const moved = await sweepOffers({ db: platform.db, gateway: deps.gateway });
      if (moved.lapsed + moved.followed > 0) app.log.info(moved, 'offers swept');
    } catch (error) {
      app.log.warn({ err: error }, 'offer sweep failed');
    } finally {
      running = false;
    }
  }, deps.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
