import {
  bargainSetting,
  bargainSettingDetail,
  createOfferOrder,
  h5sdkBargainList,
  h5sdkBuyerCancel,
  h5sdkCreateOfferOrder,
  h5sdkPreSaleAgree,
  h5sdkPreSaleList,
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
import { listingById } from '../exchange/listings';
import type { OfferDeps } from './offer.service';
import * as offers from './offer.service';
import { offersOf, viewOffer } from './offer-view';

/** Offers (出价): thin routes over offer.service, app (logged in) and in-game (game token) variants. */
export function offerRoutes(app: FastifyInstance, platform: CallPlatform, deps: OfferDeps): void {
  const { db } = platform;
  const view = (offerId: string | number, userId: number) => viewOffer(deps, offerId, userId);
  const signedIn = (user: { userId: number; uid: string } | null | undefined) => {
    if (!user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return user;
  };

  registerCall(app, platform, createOfferOrder, async (input, ctx) => {
    const buyer = { userId: ctx.user.userId, uid: ctx.user.uid };
    return view((await offers.createOffer(deps, { ...input, buyer })).id, buyer.userId);
  });
  registerCall(app, platform, h5sdkCreateOfferOrder, async (input, ctx) => {
    const user = signedIn(ctx.user);
    const buyer = { userId: user.userId, uid: user.uid };
    const player = { accountId: ctx.player.accountId, roleId: ctx.player.roleId };
    return view((await offers.createOffer(deps, { ...input, buyer, player })).id, buyer.userId);
  });
  registerCall(app, platform, offerDetail, async (input, ctx) => view(input.offerId, ctx.user.userId));

  const list = async (userId: number, input: { viewer: 1 | 2; page: number; pageSize: number }) => {
    return offersOf(deps, userId, input.viewer, input.page, input.pageSize);
  };
  registerCall(app, platform, offerList, (input, ctx) => list(ctx.user.userId, input));
  registerCall(app, platform, h5sdkBargainList, (input, ctx) => list(signedIn(ctx.user).userId, input));
  registerCall(app, platform, h5sdkPreSaleList, (input, ctx) =>
    offersOf(deps, signedIn(ctx.user).userId, input.viewer, input.page, input.pageSize, 'offer'),
  );

  const agree = async (userId: number, offerId: string) =>
    view((await offers.agreeOffer(deps, userId, offerId)).id, userId);
  registerCall(app, platform, offerAgree, (input, ctx) => agree(ctx.user.userId, input.offerId));
  registerCall(app, platform, h5sdkPreSaleAgree, (input, ctx) => agree(signedIn(ctx.user).userId, input.offerId));

  const refuse = async (userId: number, offerId: string, reason?: string) =>
    view((await offers.endOffer(deps, userId, offerId, 'seller', reason)).id, userId);
  registerCall(app, platform, offerRefuse, (input, ctx) => refuse(ctx.user.userId, input.offerId, input.reason));
  registerCall(app, platform, h5sdkPreSaleRefuse, (input, ctx) =>
    refuse(signedIn(ctx.user).userId, input.offerId, input.reason),
  );

  const cancel = async (userId: number, offerId: string) =>
    view((await offers.endOffer(deps, userId, offerId, 'buyer')).id, userId);
  registerCall(app, platform, offerBuyerCancel, (input, ctx) => cancel(ctx.user.userId, input.offerId));
  registerCall(app, platform, h5sdkBuyerCancel, (input, ctx) => cancel(signedIn(ctx.user).userId, input.offerId));

  registerCall(app, platform, bargainSetting, (input, ctx) =>
    offers.changeBargainSetting(db, ctx.user.userId, input.commodityId, input),
  );
  registerCall(app, platform, bargainSettingDetail, async (input, ctx) => {
    const listing = await listingById(db, Number(input.commodityId));
    if (!listing || listing.seller_user_id !== ctx.user.userId) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    return offers.bargainSettingOf(listing);
  });
}
