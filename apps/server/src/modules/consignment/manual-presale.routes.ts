import {
  manualPreSaleBindGameAccount,
  manualPreSaleCheckVerificationContent,
  manualPreSaleCreate,
  manualPreSaleDetail,
  manualPreSaleGetLastRecord,
  manualPreSaleGetSnapLoginToken,
  manualPreSaleGetVerificationContent,
  manualPreSalePublish,
  manualPreSaleRefreshVerificationContent,
} from '@app/protocol/calls/manual-presale';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { requireSaleReady } from '../user/sale-lock.service';
import type { GameAccountRefusal, ListingDeps } from './listing.service';
import * as presale from './manual-presale.service';

/** Manual pre-sale from outside the game: claim a role, prove it in the game, publish it. */
export function manualPresaleRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  gameAccountRefusal?: GameAccountRefusal,
): void {
  const { db } = platform;
  const deps: ListingDeps = { db, gateway, gameAccountRefusal };
  registerCall(app, platform, manualPreSaleCreate, async (input, ctx) => {
    await requireSaleReady(db, ctx.user.userId);
    return presale.toPresale(db, await presale.createPresale(deps, ctx.user.userId, input));
  });
  registerCall(app, platform, manualPreSaleBindGameAccount, async (input, ctx) =>
    presale.toPresale(db, await presale.bindAccount(deps, ctx.user.userId, input)),
  );
  registerCall(app, platform, manualPreSaleGetVerificationContent, (input, ctx) =>
    presale.verificationContent(db, ctx.user.userId, input.recordId, false),
  );
  registerCall(app, platform, manualPreSaleRefreshVerificationContent, (input, ctx) =>
    presale.verificationContent(db, ctx.user.userId, input.recordId, true),
  );
  registerCall(app, platform, manualPreSaleCheckVerificationContent, (input, ctx) =>
    presale.checkVerification(deps, ctx.user.userId, input.recordId),
  );
  registerCall(app, platform, manualPreSalePublish, async (input, ctx) => {
    await requireSaleReady(db, ctx.user.userId);
    return presale.publishPresale(deps, { userId: ctx.user.userId, uid: ctx.user.uid }, input.recordId);
  });
  registerCall(app, platform, manualPreSaleDetail, async (input, ctx) =>
    presale.toPresale(db, await presale.presaleRecord(db, ctx.user.userId, input.recordId)),
  );
  registerCall(app, platform, manualPreSaleGetSnapLoginToken, (input, ctx) =>
    presale.snapLogin(deps, ctx.user.userId, input.recordId),
  );
  registerCall(app, platform, manualPreSaleGetLastRecord, async (_input, ctx) => {
    const row = await presale.lastRecord(db, ctx.user.userId);
    return row ? presale.toPresale(db, row) : null;
  });
}
