import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { orderRoutes } from './order.routes';
import { expireUnpaidOrders } from './order.service';

/** Orders: placing (the listing reserved in the same transaction), resuming, cancelling, the deadline sweeper. */
export function ordersModule(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: { gateway: GameGateway; sweepEveryMs: number },
): void {
  orderRoutes(app, platform, deps.gateway);
  if (deps.sweepEveryMs <= 0) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireUnpaidOrders({ db: platform.db, gateway: deps.gateway });
      if (expired > 0) app.log.info({ expired }, 'unpaid orders expired');
    } catch (error) {
      app.log.warn({ err: error }, 'order sweep failed');
    } finally {
      running = false;
    }
  }, deps.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
