import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import type { OriginRefunds } from '../payments/refund-port';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { boxRoutes } from './box.routes';
import { deliverOrder, sweepDeliveries } from './delivery.service';
import { orderRoutes } from './order.routes';
import { expireUnpaidOrders, hasOpenOrders } from './order.service';
import type { OrderEvents } from './order-events';

/**
 * Orders: placing (the listing reserved in the same transaction), resuming, cancelling, the
 * deadline sweeper; and `deliverPaid`, what a payment calls once it is committed.
 */
export function ordersModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sweepEveryMs: number;
    events?: OrderEvents;
    /** An order open as buyer or seller keeps the account open (registered here). */
    removal: RemovalChecks;
    /** 原路退回: a returned order's gateway money goes back its way (the payments module provides it). */
    refunds: OriginRefunds;
  },
): {
  deliverPaid: (orderId: number) => void;
  sweep: (now: number) => Promise<{ expired: number; delivered: number; confirmed: number; settled: number }>;
} {
  const { platform, gateway, events } = deps;
  const orderDeps = { db: platform.db, gateway, refunds: deps.refunds, ...(events ? { events } : {}) };
  deps.removal.register('orders', refuseWhile(hasOpenOrders, '您有进行中的订单，请完成或取消后再注销'));
  orderRoutes(app, platform, gateway, events, deps.refunds);
  boxRoutes(app, platform, gateway, events);
  const sweep = async (now: number) => ({
    expired: await expireUnpaidOrders(orderDeps, now),
    ...(await sweepDeliveries(orderDeps, now)),
  });
  sweepEvery(app, deps.sweepEveryMs, 'orders', () => sweep(Date.now()));
  return {
    sweep,
    // Paid: the game delivers now; if this fails or the process dies, the order sweeper delivers later.
    deliverPaid: (orderId) => {
      Promise.resolve(events?.happened(orderId, 'paid'))
        .then(() => deliverOrder(orderDeps, orderId))
        .catch((error: unknown) => app.log.warn({ err: error, orderId }, 'delivery failed; the sweeper retries'));
    },
  };
}
