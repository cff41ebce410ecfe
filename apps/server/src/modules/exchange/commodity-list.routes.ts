import { type CommodityListQuery, commodityList, h5sdkCommodityList } from '@app/protocol/calls/exchange';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listCommodities } from './commodity.queries';

/** Which master-server group a server trades in, when its game allows cross-server trading (cached). */
function createServerGroups(db: Db, ttlMs = 60_000) {
  let cache: { at: number; groups: Map<string, string | null> } | null = null;
  const load = async () => {
    const rows = await db
      .selectFrom('game_servers as s')
      .innerJoin('games as g', 'g.application_id', 's.application_id')
      .select(['s.application_id', 's.server_id', 's.master_server_id', 'g.cross_server'])
      .execute();
    return new Map(rows.map((r) => [`${r.application_id}/${r.server_id}`, r.cross_server ? r.master_server_id : null]));
  };
  return async (applicationId: string, serverId: string): Promise<string | null> => {
    if (!cache || Date.now() - cache.at > ttlMs) cache = { at: Date.now(), groups: await load() };
    return cache.groups.get(`${applicationId}/${serverId}`) ?? null;
  };
}

export function commodityListRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const groupOf = createServerGroups(platform.db);
  const list = async (input: CommodityListQuery, ctx: CallContext<'pb', true>) => {
    if (input.priceMin !== undefined && input.priceMax !== undefined && input.priceMin > input.priceMax)
      throw new AppError(ErrorCode.BAD_PARAMS, '最低价不能高于最高价');
    if (input.levelMin !== undefined && input.levelMax !== undefined && input.levelMin > input.levelMax)
      throw new AppError(ErrorCode.BAD_PARAMS, '最低等级不能高于最高等级');
    // Level is a role's, unit price a coin lot's: these sorts mean nothing across types.
    if ((input.sort === 'levelAsc' || input.sort === 'levelDesc') && input.type !== 1)
      throw new AppError(ErrorCode.BAD_PARAMS, '按等级排序仅适用于角色');
    if (input.sort === 'unitPriceAsc' && input.type !== 2)
      throw new AppError(ErrorCode.BAD_PARAMS, '按单价排序仅适用于游戏币');
    const applicationId = ctx.appId;
    const group = input.crossServer === 1 && input.serverId ? await groupOf(applicationId, input.serverId) : null;
    return listCommodities(platform.db, { ...input, applicationId, groupOf: group ?? undefined });
  };
  registerCall(app, platform, commodityList, list);
  registerCall(app, platform, h5sdkCommodityList, list);
}
