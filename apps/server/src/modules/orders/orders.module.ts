import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { boxRoutes } from './box.routes';
import { sweepDeliveries } from './delivery.service';
import { orderRoutes } from './order.routes';
import { expireUnpaidOrders } from './order.service';

/** Orders: placing (the listing reserved in the same transaction), resuming, cancelling, the deadline sweeper. */
export function ordersModule(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: { gateway: GameGateway; sweepEveryMs: number },
): void {
  orderRoutes(app, platform, deps.gateway);
  boxRoutes(app, platform, deps.gateway);
  if (deps.sweepEveryMs <= 0) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const orderDeps = { db: platform.db, gateway: deps.gateway };
      const expired = await expireUnpaidOrders(orderDeps);
      const moved = await sweepDeliveries(orderDeps);
      if (expired + moved.delivered + moved.confirmed + moved.settled > 0)
        app.log.info({ expired, ...moved }, 'orders swept');
    } catch (error) {
      app.log.warn({ err: error }, 'order sweep failed');
    } finally {
      running = false;
    }
  }, deps.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
