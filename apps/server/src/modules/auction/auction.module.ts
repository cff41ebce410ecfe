import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { DepositKeepers } from '../deposits/deposit.service';
import type { GameGateway } from '../games/game-gateway';
import type { NoticesHandle } from '../notices/notices.module';
import type { OrderEvents } from '../orders/order-events';
import type { OriginRefunds } from '../payments/refund-port';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { auctionRoutes } from './auction.routes';
import { type AuctionDeps, auctionKeeper } from './auction.service';
import { cancelListingAuction, sweepAuctions } from './auction-end';
import { bidsInLiveAuction, moveAuctionEnd, sellsInLiveAuction } from './auction-moves';

/** Auctions (拍卖): the calls, the deposit keeper of purpose 'auction', and the sweeper of their ends. */
export function auctionModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    gateway: GameGateway;
    keepers: DepositKeepers;
    sweepEveryMs: number;
    events?: OrderEvents;
    /** Outbid, won, lost: the bidders hear of it. */
    notices?: NoticesHandle;
    /** A live auction keeps its seller's and its bidders' accounts open (registered here). */
    removal: RemovalChecks;
    /** 原路退回: a deposit a gateway paid goes back its way when it is returned (the payments module's port). */
    refunds?: OriginRefunds;
  },
) {
  const { platform, gateway, events, notices } = deps;
  const auctionDeps: AuctionDeps = {
    db: platform.db,
    gateway,
    ...(events ? { events } : {}),
    ...(notices ? { notices } : {}),
    ...(deps.refunds ? { refunds: deps.refunds } : {}),
  };
  deps.keepers.register('auction', auctionKeeper);
  deps.removal.register('auction', refuseWhile(sellsInLiveAuction, '您有进行中的拍卖，请等待拍卖结束后再注销'));
  deps.removal.register('auction', refuseWhile(bidsInLiveAuction, '您正在参与竞拍，请等待拍卖结束后再注销'));
  auctionRoutes(app, platform, auctionDeps);
  sweepEvery(app, deps.sweepEveryMs, 'auctions', () => sweepAuctions(auctionDeps, undefined, app.log));
  return {
    sweep: (now: number) => sweepAuctions(auctionDeps, now, app.log),
    /** What the auction service runs on (a composition's seed creates auctions and bids through it). */
    deps: auctionDeps,
    /** Test hook (dev module): the listing's running auction ends at `endsAt`. */
    moveEnd: (commodityId: number, endsAt: Date) => moveAuctionEnd(platform.db, commodityId, endsAt),
    /** Staff froze or took down the listing: its running auction is cancelled now, deposits back. */
    cancelOn: (commodityId: number, note: string) => cancelListingAuction(auctionDeps, commodityId, note),
  };
}
