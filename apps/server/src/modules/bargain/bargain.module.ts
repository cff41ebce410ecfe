import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { DepositKeepers } from '../deposits/deposit.service';
import type { GameGateway } from '../games/game-gateway';
import type { NoticesHandle } from '../notices/notices.module';
import type { OrderEvents } from '../orders/order-events';
import type { OriginRefunds } from '../payments/refund-port';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { offerRoutes } from './offer.routes';
import { hasLiveOffers, type OfferDeps, offerKeeper } from './offer.service';
import { endListingProposals, sweepOffers } from './offer-moves';

/** Bargains and offers (出价): the calls, and the sweeper of their deadlines. */
export function bargainModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    sweepEveryMs: number;
    events?: OrderEvents;
    notices?: NoticesHandle;
    /** A proposal's deposit paid: the keeper of 还价 and 出价 is registered here. */
    keepers: DepositKeepers;
    /** An offer waiting for the seller keeps both sides' accounts open (registered here). */
    removal: RemovalChecks;
    /** 原路退回: a deposit a gateway paid goes back its way when it is returned (the payments module's port). */
    refunds?: OriginRefunds;
  },
): {
  sweep: (now: number) => ReturnType<typeof sweepOffers>;
  /** Staff froze or took down the listing: its open proposals end now, deposits back. */
  endProposalsOn: (commodityId: number, note: string) => Promise<number>;
} {
  const { platform, gateway, events, notices } = deps;
  const offerDeps: OfferDeps = {
    db: platform.db,
    gateway,
    ...(events ? { events } : {}),
    ...(notices ? { notices } : {}),
    ...(deps.refunds ? { refunds: deps.refunds } : {}),
  };
  deps.removal.register('bargain', refuseWhile(hasLiveOffers, '您有进行中的还价或出价，请撤回或处理后再注销'));
  offerRoutes(app, platform, offerDeps);
  deps.keepers.register('bargain', offerKeeper(offerDeps));
  deps.keepers.register('offer', offerKeeper(offerDeps));
  sweepEvery(app, deps.sweepEveryMs, 'offers', () => sweepOffers(offerDeps));
  return {
    sweep: (now) => sweepOffers(offerDeps, now),
    endProposalsOn: (commodityId, note) => endListingProposals(offerDeps, commodityId, note),
  };
}
