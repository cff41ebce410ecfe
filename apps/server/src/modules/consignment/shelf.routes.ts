import {
  downShelf,
  h5sdkMyCommodity,
  h5sdkUpdatePreSaleInfo,
  modifyPrice,
  myCommodity,
  onShelf,
  takeBack,
  updatePreSaleInfo,
} from '@app/protocol/calls/consignment-shelf';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import type { ListingDeps, PriceDrop } from './listing.service';
import * as shelf from './shelf.service';

/** The seller's shelf: the listings and what each status allows. */
export function shelfRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  priceDropped: (drop: PriceDrop) => Promise<void>,
): void {
  const { db } = platform;
  const deps: ListingDeps = { db, gateway, priceDropped };
  registerCall(app, platform, myCommodity, (input, ctx) =>
    shelf.shelfPage(
      db,
      { sellerUserId: ctx.user.userId, applicationId: input.applicationId, tab: input.tab, type: input.type },
      input.page,
      input.pageSize,
    ),
  );
  registerCall(app, platform, h5sdkMyCommodity, (input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return shelf.shelfPage(
      db,
      { sellerUserId: ctx.user.userId, applicationId: ctx.player.gameId, tab: input.tab, type: input.type },
      input.page,
      input.pageSize,
    );
  });
  registerCall(app, platform, downShelf, (input, ctx) => shelf.downShelf(deps, ctx.user.userId, input.commodityId));
  registerCall(app, platform, onShelf, (input, ctx) => shelf.onShelf(deps, ctx.user.userId, input.commodityId));
  registerCall(app, platform, takeBack, (input, ctx) => shelf.takeBack(deps, ctx.user.userId, input.commodityId));
  registerCall(app, platform, modifyPrice, (input, ctx) =>
    shelf.modifyPrice(deps, ctx.user.userId, input.commodityId, { price: input.price }),
  );
  registerCall(app, platform, updatePreSaleInfo, (input, ctx) =>
    shelf.modifyPrice(deps, ctx.user.userId, input.commodityId, input, true),
  );
  registerCall(app, platform, h5sdkUpdatePreSaleInfo, (input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return shelf.modifyPrice(deps, ctx.user.userId, input.commodityId, input, true);
  });
}
