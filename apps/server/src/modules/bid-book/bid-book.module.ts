import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { BrokerOrderDeps } from '../broker/broker-order.queries';
import type { GameGateway } from '../games/game-gateway';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { bidBookRoutes } from './bid-book.routes';
import { closeUnpaidCoinBids, expireCoinBids, hasLiveCoinBids } from './bid-book.service';

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
    /** A live bid (its money held, or waiting for it) keeps the buyer's account open (registered here). */
    removal: RemovalChecks;
  },
): { sweep: (now: number) => Promise<Record<string, number>> } {
  const own = { db: deps.platform.db, gateway: deps.gateway, orders: deps.orders, releaseHolds: deps.releaseHolds };
  deps.removal.register('bid-book', refuseWhile(hasLiveCoinBids, '您有进行中的求购，请撤销求购后再注销'));
  bidBookRoutes(app, deps.platform, own);
  const sweep = async (now: number) => ({
    expired: await expireCoinBids(own, now),
    closedUnpaid: await closeUnpaidCoinBids(own, now),
  });
  sweepEvery(app, deps.sweepEveryMs ?? 0, 'coin bids', () => sweep(Date.now()));
  return { sweep };
}
