import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { GameGateway } from '../games/game-gateway';
import type { SmsDeps } from '../sms/sms.service';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { keyRoutes } from './key.routes';
import { type GameAccountRefusal, hasActiveListings, type PriceDrop } from './listing.service';
import { sweepListings } from './listing-sweeper';
import { manualPresaleRoutes } from './manual-presale.routes';
import { partnerCallbackRoutes } from './partner-callback.routes';
import { preBuyKeyRoutes } from './pre-buy-key.routes';
import { publishRoutes } from './publish.routes';
import { rolePositionRoutes } from './role-position.routes';
import { saleLockRoutes } from './sale-lock.routes';
import { shelfRoutes } from './shelf.routes';

/**
 * Selling: the sale lock, listing from the game and with a key, the shelf, the partner API's
 * callbacks (keys, screenshots) and the listing sweeper.
 */
export async function consignmentModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sms: SmsDeps;
    sweepEveryMs: number;
    /** 降价提醒: a listing back on sale cheaper than it was last on sale (told after the commit). */
    priceDropped: (drop: PriceDrop) => Promise<void>;
    /** A listing that still holds something in the game keeps the seller's account open (registered here). */
    removal: RemovalChecks;
    /** Whether the seller may trade from a game account (its 实名登记 is the seller's verified person). */
    gameAccountRefusal?: GameAccountRefusal;
  },
): Promise<void> {
  const { platform } = deps;
  deps.removal.register('consignment', refuseWhile(hasActiveListings, '您有寄售中的商品，请下架并取回后再注销'));
  saleLockRoutes(app, platform, deps.sms);
  publishRoutes(app, platform, deps.gateway, deps.gameAccountRefusal);
  shelfRoutes(app, platform, deps.gateway, deps.priceDropped);
  keyRoutes(app, platform, deps.gateway, deps.sms.rates, deps.gameAccountRefusal);
  rolePositionRoutes(app, platform, deps.gateway);
  manualPresaleRoutes(app, platform, deps.gateway, deps.gameAccountRefusal);
  preBuyKeyRoutes(app, platform, deps.sms.rates);
  await partnerCallbackRoutes(app, { db: platform.db, gateway: deps.gateway });
  sweepEvery(app, deps.sweepEveryMs, 'listings', () => sweepListings({ db: platform.db, gateway: deps.gateway }));
}
