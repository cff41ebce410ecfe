import { bindUserByPreBuyKey, createPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import { limitGuesses, PRE_BUY_KEY_LIMITS } from './key-lookup-limits';
import { bindByPreBuyKey, createPreBuyKey as makeKey } from './pre-buy-key.service';

/** 预购码: the pre-sale's seller makes one, the buyer binds himself with it (tries limited as 寄售码 lookups are). */
export function preBuyKeyRoutes(app: FastifyInstance, platform: CallPlatform, rates: RateStore): void {
  registerCall(app, platform, createPreBuyKey, (input, ctx) =>
    makeKey(platform.db, ctx.user.userId, input.commodityId),
  );
  registerCall(app, platform, bindUserByPreBuyKey, async (input, ctx) => {
    await limitGuesses(rates, PRE_BUY_KEY_LIMITS, { userId: ctx.user.userId, address: ctx.request.ip });
    return bindByPreBuyKey(platform.db, { userId: ctx.user.userId, uid: ctx.user.uid }, input.preBuyKey);
  });
}
