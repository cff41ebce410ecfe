import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import { boxRoutes } from './box.routes';
import { deliverOrder, sweepDeliveries } from './delivery.service';
import { orderRoutes } from './order.routes';
import { expireUnpaidOrders } from './order.service';

/**
 * Orders: placing (the listing reserved in the same transaction), resuming, cancelling, the
 * deadline sweeper; and `deliverPaid`, what a payment calls once it is committed.
 */
export function ordersModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; gateway: GameGateway; sweepEveryMs: number },
): { deliverPaid: (orderId: number) => void } {
  const { platform, gateway } = deps;
  const orderDeps = { db: platform.db, gateway };
  orderRoutes(app, platform, gateway);
  boxRoutes(app, platform, gateway);
  sweepEvery(app, deps.sweepEveryMs, 'orders', async () => {
    const expired = await expireUnpaidOrders(orderDeps);
    return { expired, ...(await sweepDeliveries(orderDeps)) };
  });
  return {
    // Paid: the game delivers now; if this fails or the process dies, the order sweeper delivers later.
    deliverPaid: (orderId) => {
      deliverOrder(orderDeps, orderId).catch((error: unknown) =>
        app.log.warn({ err: error, orderId }, 'delivery failed; the sweeper retries'),
      );
    },
  };
}
