import { bidDepth, bidInfo, cancelBid, myBids, postBid, sellToBid } from '@app/protocol/calls/bid-book';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import {
  type BidBookDeps,
  cancelCoinBid,
  coinBidDepth,
  myCoinBids,
  postCoinBid,
  viewerCoinBid,
} from './bid-book.service';
import { type FillDeps, sellCoinsToBids } from './bid-fill.service';

/** The buy order book's calls (`/…/api/app/broker/v1/…`): thin, over the bid and fill services. */
export function bidBookRoutes(app: FastifyInstance, platform: CallPlatform, deps: BidBookDeps & FillDeps): void {
  registerCall(app, platform, postBid, (input, ctx) => postCoinBid(deps, ctx.user.userId, input));
  registerCall(app, platform, cancelBid, (input, ctx) => cancelCoinBid(deps, ctx.user.userId, input.bidId));
  registerCall(app, platform, myBids, (input, ctx) => myCoinBids(deps.db, ctx.user.userId, input));
  registerCall(app, platform, bidInfo, (input, ctx) => viewerCoinBid(deps.db, ctx.user.userId, input.bidId));
  registerCall(app, platform, bidDepth, (input) => coinBidDepth(deps, input));
  registerCall(app, platform, sellToBid, (input, ctx) => sellCoinsToBids(deps, ctx.user.userId, input));
}
