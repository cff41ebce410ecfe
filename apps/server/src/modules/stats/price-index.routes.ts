import { priceIndex } from '@app/protocol/calls/market-index';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { priceIndexOf } from './price-index';

/**
 * 行情 for players: the price index of the game of X-AppId (public, signed like the market's other
 * calls). The range is bounded by the request schema (at most 90 days, refused in zh-CN beyond);
 * a game or server group without finished trades answers no points.
 */
export function priceIndexRoutes(app: FastifyInstance, platform: CallPlatform, db: Db): void {
  registerCall(app, platform, priceIndex, (input, ctx) => priceIndexOf(db, ctx.appId, input));
}
