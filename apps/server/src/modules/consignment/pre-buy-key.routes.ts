import { bindUserByPreBuyKey, createPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { bindByPreBuyKey, createPreBuyKey as makeKey } from './pre-buy-key.service';

/** 预购码: the pre-sale's seller makes one, the buyer binds himself with it. */
export function preBuyKeyRoutes(app: FastifyInstance, platform: CallPlatform): void {
  registerCall(app, platform, createPreBuyKey, (input, ctx) =>
    makeKey(platform.db, ctx.user.userId, input.commodityId),
  );
  registerCall(app, platform, bindUserByPreBuyKey, (input, ctx) =>
    bindByPreBuyKey(platform.db, { userId: ctx.user.userId, uid: ctx.user.uid }, input.preBuyKey),
  );
}
