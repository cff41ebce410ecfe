import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { BrokerOrderDeps } from '../broker/broker-order.service';
import type { GameGateway } from '../games/game-gateway';
import { bidBookRoutes } from './bid-book.routes';
import { closeUnpaidCoinBids, expireCoinBids } from './bid-book.service';

/**
 * The buy order book of coins (docs/decisions/0025-bid-book.md): buyers' standing bids with their
 * money held on the balance, sold into by merchants and players, each fill a paid broker order (the
 * broker module's, handed in as `orders`). Its sweeper ends the bids that ran out and closes those
 * whose missing money was not paid in time (the cashier's balance parts freed by `releaseHolds`,
 * the payments module's).
 */
export function bidBookModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    orders: BrokerOrderDeps;
    releaseHolds: (trx: Db, bidId: number) => Promise<void>;
    sweepEveryMs?: number;
  },
): { sweep: (now: number) => Promise<Record<string, number>> } {
  const own = { db: deps.platform.db, gateway: deps.gateway, orders: deps.orders, releaseHolds: deps.releaseHolds };
  bidBookRoutes(app, deps.platform, own);
  const sweep = async (now: number) => ({
    expired: await expireCoinBids(own, now),
    closedUnpaid: await closeUnpaidCoinBids(own, now),
  });
  sweepEvery(app, deps.sweepEveryMs ?? 0, 'coin bids', () => sweep(Date.now()));
  return { sweep };
}
