import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import type { OriginRefunds } from '../payments/refund-port';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { brokerRoutes } from './broker.routes';
import { brokerCollectRoutes } from './broker-collect.routes';
import { hasBrokerStockOnSale } from './broker-listing.service';
import { type BrokerOrderDeps, hasOpenBrokerOrders } from './broker-order.queries';
import { brokerOrderRoutes } from './broker-order.routes';
import { settleBrokerOrders } from './broker-order.service';
import { retryBrokerDeliveries } from './broker-order-delivery';
import type { BrokerOrderEvents } from './broker-order-events';
import { expireBrokerOrders } from './broker-order-place';
import { isStandingMerchant } from './merchant.service';

/**
 * The broker channel (docs/decisions/0023-broker.md): its settings per game, the merchants, their
 * coin listings with stock and their collections, and the broker orders (their chat, delivery through the game, the
 * sweeper of deadlines).
 */
export function brokerModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    /** The order chat and notifications (brokerOrderEvents). */
    events?: BrokerOrderEvents;
    /** Frees an unpaid order's balance holds (the payments module's). */
    releaseHolds?: BrokerOrderDeps['releaseHolds'];
    /** 原路退回: a refunded order's gateway money goes back its way (the payments module provides it). */
    refunds: OriginRefunds;
    sweepEveryMs?: number;
    /** Broker orders, listings with stock and a merchant's standing keep the account open (registered here). */
    removal: RemovalChecks;
  },
): {
  /** A broker order's payment committed: the merchant and the chat hear of it. */
  paid: (orderId: number) => void;
  sweep: (now: number) => Promise<Record<string, number>>;
  orderDeps: BrokerOrderDeps;
} {
  deps.removal.register('broker', refuseWhile(hasOpenBrokerOrders, '您有进行中的商人交易订单，请完成或取消后再注销'));
  deps.removal.register('broker', refuseWhile(hasBrokerStockOnSale, '您有出售中的商人商品，请下架后再注销'));
  deps.removal.register('broker', refuseWhile(isStandingMerchant, '您已入驻为商人，请先在商户中心退出商户后再注销'));
  brokerRoutes(app, deps.platform, deps.gateway);
  brokerCollectRoutes(app, deps.platform);
  const orderDeps: BrokerOrderDeps = {
    db: deps.platform.db,
    gateway: deps.gateway,
    ...(deps.events ? { events: deps.events } : {}),
    ...(deps.releaseHolds ? { releaseHolds: deps.releaseHolds } : {}),
    refunds: deps.refunds,
  };
  brokerOrderRoutes(app, deps.platform, orderDeps);
  const sweep = async (now: number) => ({
    expired: await expireBrokerOrders(orderDeps, now),
    delivered: await retryBrokerDeliveries(orderDeps, now),
    ...(await settleBrokerOrders(orderDeps, now)),
  });
  sweepEvery(app, deps.sweepEveryMs ?? 0, 'broker orders', () => sweep(Date.now()));
  return {
    orderDeps,
    sweep,
    paid: (orderId) => {
      Promise.resolve(orderDeps.events?.happened(orderId, 'paid')).catch((error: unknown) =>
        app.log.warn({ err: error, orderId }, 'broker order payment not told'),
      );
    },
  };
}
