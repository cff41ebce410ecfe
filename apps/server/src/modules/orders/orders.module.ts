import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
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
  sweepEvery(app, deps.sweepEveryMs, 'orders', async () => {
    const orderDeps = { db: platform.db, gateway: deps.gateway };
    const expired = await expireUnpaidOrders(orderDeps);
    return { expired, ...(await sweepDeliveries(orderDeps)) };
  });
}
