import { type CommodityListQuery, commodityList, h5sdkCommodityList } from '@app/protocol/calls/exchange';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listCommodities } from './commodity.queries';
import type { ListingCatalogue } from './listing-catalogue';

/** Which master-server group a server trades in, when its game allows cross-server trading (cached). */
function createServerGroups(catalogue: ListingCatalogue, ttlMs = 60_000) {
  let cache: { at: number; groups: Map<string, string> } | null = null;
  return async (applicationId: string, serverId: string): Promise<string | null> => {
    if (!cache || Date.now() - cache.at > ttlMs)
      cache = { at: Date.now(), groups: await catalogue.crossServerGroups() };
    return cache.groups.get(`${applicationId}/${serverId}`) ?? null;
  };
}

export function commodityListRoutes(app: FastifyInstance, platform: CallPlatform, catalogue: ListingCatalogue): void {
  const groupOf = createServerGroups(catalogue);
  const list = async (input: CommodityListQuery, ctx: CallContext<'pb', true>) => {
    if (input.priceMin !== undefined && input.priceMax !== undefined && input.priceMin > input.priceMax)
      throw new AppError(ErrorCode.BAD_PARAMS, '最低价不能高于最高价');
    if (input.levelMin !== undefined && input.levelMax !== undefined && input.levelMin > input.levelMax)
      throw new AppError(ErrorCode.BAD_PARAMS, '最低等级不能高于最高等级');
    // Level is a role's, unit price a coin lot's: these sorts mean nothing across types.
    if ((input.sort === 'levelAsc' || input.sort === 'levelDesc') && input.type !== CommodityType.ROLE)
      throw new AppError(ErrorCode.BAD_PARAMS, '按等级排序仅适用于角色');
    if (input.sort === 'unitPriceAsc' && input.type !== CommodityType.COIN)
      throw new AppError(ErrorCode.BAD_PARAMS, '按单价排序仅适用于游戏币');
    const applicationId = ctx.appId;
    const group = input.crossServer === 1 && input.serverId ? await groupOf(applicationId, input.serverId) : null;
    return listCommodities(platform.db, { ...input, applicationId, groupOf: group ?? undefined });
  };
  registerCall(app, platform, commodityList, list);
  registerCall(app, platform, h5sdkCommodityList, list);
}
