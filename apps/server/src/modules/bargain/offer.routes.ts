import {
  createOfferOrder,
  h5sdkBargainList,
  h5sdkBuyerCancel,
  h5sdkCreateOfferOrder,
  h5sdkPreSaleAgree,
  h5sdkPreSaleRefuse,
  offerAgree,
  offerBuyerCancel,
  offerDetail,
  offerList,
  offerRefuse,
} from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import type { OrderDeps } from '../orders/order.service';
import * as offers from './offer.service';
import { offersOf, toOffer } from './offer-view';

/** Offers (出价): thin routes over offer.service, app (logged in) and in-game (game token) variants. */
export function offerRoutes(app: FastifyInstance, platform: CallPlatform, gateway: GameGateway): void {
  const { db } = platform;
  const deps: OrderDeps = { db, gateway };
  const signedIn = (user: { userId: number; uid: string } | null | undefined) => {
    if (!user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return user;
  };

  registerCall(app, platform, createOfferOrder, async (input, ctx) => {
    const buyer = { userId: ctx.user.userId, uid: ctx.user.uid };
    return toOffer(db, await offers.createOffer(deps, { ...input, buyer }), buyer.userId);
  });
  registerCall(app, platform, h5sdkCreateOfferOrder, async (input, ctx) => {
    const user = signedIn(ctx.user);
    const buyer = { userId: user.userId, uid: user.uid };
    const player = ctx.player ? { accountId: ctx.player.accountId, roleId: ctx.player.roleId } : null;
    return toOffer(db, await offers.createOffer(deps, { ...input, buyer, player }), buyer.userId);
  });
  registerCall(app, platform, offerDetail, async (input, ctx) =>
    toOffer(db, await offers.viewerOffer(deps, ctx.user.userId, input.offerId), ctx.user.userId),
  );

  const list = async (userId: number, input: { viewer: 1 | 2; page: number; pageSize: number }) => {
    const { list: rows, hasMore } = await offersOf(deps, userId, input.viewer, input.page, input.pageSize);
    return { list: await Promise.all(rows.map((r) => toOffer(db, r, userId))), hasMore };
  };
  registerCall(app, platform, offerList, (input, ctx) => list(ctx.user.userId, input));
  registerCall(app, platform, h5sdkBargainList, (input, ctx) => list(signedIn(ctx.user).userId, input));

  const agree = async (userId: number, offerId: string) =>
    toOffer(db, await offers.agreeOffer(deps, userId, offerId), userId);
  registerCall(app, platform, offerAgree, (input, ctx) => agree(ctx.user.userId, input.offerId));
  registerCall(app, platform, h5sdkPreSaleAgree, (input, ctx) => agree(signedIn(ctx.user).userId, input.offerId));

  const refuse = async (userId: number, offerId: string, reason?: string) =>
    toOffer(db, await offers.endOffer(deps, userId, offerId, 'seller', reason), userId);
  registerCall(app, platform, offerRefuse, (input, ctx) => refuse(ctx.user.userId, input.offerId, input.reason));
  registerCall(app, platform, h5sdkPreSaleRefuse, (input, ctx) =>
    refuse(signedIn(ctx.user).userId, input.offerId, input.reason),
  );

  const cancel = async (userId: number, offerId: string) =>
    toOffer(db, await offers.endOffer(deps, userId, offerId, 'buyer'), userId);
  registerCall(app, platform, offerBuyerCancel, (input, ctx) => cancel(ctx.user.userId, input.offerId));
  registerCall(app, platform, h5sdkBuyerCancel, (input, ctx) => cancel(signedIn(ctx.user).userId, input.offerId));
}
