import { publishAccountCheck } from '@app/protocol/calls/consignment';
import {
  bindUserPrePublishKey,
  finishPrePublish,
  prePublishCheck,
  prePublishLockKey,
} from '@app/protocol/calls/consignment-keys';
import { getJyhKeyInfo } from '@app/protocol/calls/game';
import { SaleType } from '@app/protocol/commodity';
import { normalizeJyhKey } from '@app/protocol/consignment-key';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import type { GameGateway } from '../games/game-gateway';
import { sellSetup } from '../market/sell-setup';
import { firstMissingStep, requireSaleReady } from '../user/sale-lock.service';
import {
  bindKey,
  checkKey,
  claimKey,
  keyGame,
  keyOfLock,
  keyRole,
  keyRow,
  ownKeyRow,
  requireKeyOwner,
  settleKey,
} from './key.service';
import { limitKeyLookups } from './key-lookup-limits';
import { type GameAccountRefusal, type ListingDeps, publishListing } from './listing.service';
import { roleRefusal } from './role-checks';

/**
 * Listing with a consignment key from outside the game (/app/pages/codeSale/roleSale): every step
 * only for the user linked to the key's game account (31009 before anything is bound or frozen).
 */
export function keyRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  /** Key lookups are limited per user and address (key-lookup-limits.ts). */
  rates: RateStore,
  gameAccountRefusal?: GameAccountRefusal,
): void {
  const { db } = platform;
  const deps: ListingDeps = { db, gateway, gameAccountRefusal };

  /** The game a key belongs to (the game's own lookup call, /game/v1 getJyhKeyInfo). */
  registerCall(app, platform, getJyhKeyInfo, async (input, ctx) => {
    await limitKeyLookups(rates, { userId: ctx.user.userId, address: ctx.request.ip });
    return keyGame(db, input.jyhKey, ctx.user.userId);
  });

  /** The key a game's link stands for (its prePublishLockId), counted with the key lookups. */
  registerCall(app, platform, prePublishLockKey, async (input, ctx) => {
    await limitKeyLookups(rates, { userId: ctx.user.userId, address: ctx.request.ip });
    return keyOfLock(db, input.prePublishLockId, ctx.user.userId);
  });

  registerCall(app, platform, prePublishCheck, async (input, ctx) => {
    const row = await ownKeyRow(db, input.key, ctx.user.userId);
    checkKey(row, ctx.user.userId);
    return keyRole(deps, row);
  });

  registerCall(app, platform, bindUserPrePublishKey, async (input, ctx) => {
    const row = await keyRow(db, input.key);
    if (row.game_id !== input.applicationId) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_INVALID);
    await requireKeyOwner(db, row, ctx.user.userId);
    return keyRole(deps, await bindKey(db, row, ctx.user.userId));
  });

  registerCall(app, platform, publishAccountCheck, async (input, ctx) => {
    const { step } = await firstMissingStep(db, ctx.user.userId);
    if (step === 'saleLock') throw new AppError(ErrorCode.SALE_LOCKED);
    if (step !== 'ready' || !input.jyhKey) return { step };
    const row = await ownKeyRow(db, normalizeJyhKey(input.jyhKey), ctx.user.userId);
    checkKey(row, ctx.user.userId);
    const snap = await gateway.snapshot(row.game_id, row.role_id);
    const refusal = await roleRefusal(db, row.game_id, snap, (await sellSetup(db, row.game_id)).rules, Date.now());
    if (refusal) throw refusal;
    return { step };
  });

  registerCall(app, platform, finishPrePublish, async (input, ctx) => {
    const seller = { userId: ctx.user.userId, uid: ctx.user.uid };
    await requireSaleReady(db, seller.userId);
    const row = await bindKey(db, await ownKeyRow(db, input.key, seller.userId), seller.userId);
    await claimKey(db, row, seller.userId);
    try {
      const answer = await publishListing(deps, {
        seller,
        gameId: row.game_id,
        accountId: row.account_id,
        roleId: row.role_id,
        goods: { kind: 'role', saleType: SaleType.NORMAL, prePublishLockId: row.pre_publish_lock_id },
        price: input.price,
        designatedTradeId: input.designatedTradeId,
        description: input.description,
        source: 'key',
        requireOnline: false,
      });
      await settleKey(db, row.jyh_key, Number(answer.commodityId));
      return answer;
    } catch (error) {
      await settleKey(db, row.jyh_key, null);
      throw error;
    }
  });
}
