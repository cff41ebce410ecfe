import {
  auctionBid,
  auctionBuyNow,
  auctionCreate,
  auctionDetail,
  auctionJoin,
  auctionMyBids,
  h5sdkAuctionBid,
  h5sdkAuctionDetail,
  h5sdkAuctionJoin,
} from '@app/protocol/calls/auction';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { depositBizNo } from '../deposits/deposit.service';
import * as auctions from './auction.service';
import { myBids, viewAuction } from './auction-view';

/** Auctions (拍卖): thin routes over auction.service, app (logged in) and in-game (game token) variants. */
export function auctionRoutes(app: FastifyInstance, platform: CallPlatform, deps: auctions.AuctionDeps): void {
  const { db } = platform;
  const now = () => (deps.now ?? Date.now)();
  const signedIn = (user: { userId: number; uid: string } | null | undefined) => {
    if (!user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return user;
  };

  registerCall(app, platform, auctionDetail, (input, ctx) =>
    viewAuction(db, input.commodityId, ctx.user?.userId ?? null, now()),
  );
  registerCall(app, platform, h5sdkAuctionDetail, (input, ctx) =>
    viewAuction(db, input.commodityId, ctx.user?.userId ?? null, now()),
  );

  registerCall(app, platform, auctionCreate, async (input, ctx) => {
    const created = await auctions.createAuction(deps, ctx.user.userId, input);
    return viewAuction(db, created.commodity_id, ctx.user.userId, now());
  });

  const joined = (d: { id: number; amount_fen: number; status: string }) => ({
    bizNo: depositBizNo(d.id),
    amount: Number(d.amount_fen),
    depositStatus: d.status,
  });
  registerCall(app, platform, auctionJoin, async (input, ctx) => {
    const buyer = { userId: ctx.user.userId, uid: ctx.user.uid };
    return joined(await auctions.joinAuction(deps, { ...input, buyer }));
  });
  registerCall(app, platform, h5sdkAuctionJoin, async (input, ctx) => {
    const user = signedIn(ctx.user);
    const buyer = { userId: user.userId, uid: user.uid };
    const player = { accountId: ctx.player.accountId, roleId: ctx.player.roleId };
    return joined(await auctions.joinAuction(deps, { ...input, buyer, player }));
  });

  const bid = async (userId: number, input: { commodityId: string; price: number; requestKey: string }) => {
    await auctions.placeBid(deps, { userId, ...input });
    return viewAuction(db, input.commodityId, userId, now());
  };
  registerCall(app, platform, auctionBid, (input, ctx) => bid(ctx.user.userId, input));
  registerCall(app, platform, h5sdkAuctionBid, (input, ctx) => bid(signedIn(ctx.user).userId, input));

  registerCall(app, platform, auctionBuyNow, async (input, ctx) => {
    const order = await auctions.buyNow(deps, ctx.user.userId, input.commodityId, input.requestKey);
    return { orderId: String(order.id) };
  });

  registerCall(app, platform, auctionMyBids, (input, ctx) => myBids(db, ctx.user.userId, input));
}
