import { type CommodityListQuery, commodityList, h5sdkCommodityList } from '@app/protocol/calls/exchange';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { keepJson } from '../../platform/http/answer-json';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listCommodities } from './commodity.queries';
import type { ListPageCache } from './list-page-cache';
import type { ListingCatalogue } from './listing-catalogue';

type Page = Awaited<ReturnType<typeof listCommodities>>;

/** A query's cache key: its fields in a fixed order. */
const keyOf = (query: object) => JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The pages kept by the list cache: most readers stay on the first ones. */
const CACHED_PAGES = 3;

/** Which master-server group a server trades in, when its game allows cross-server trading (cached). */
function createServerGroups(catalogue: ListingCatalogue, ttlMs = 60_000) {
  let cache: { at: number; groups: Map<string, string> } | null = null;
  return async (applicationId: string, serverId: string): Promise<string | null> => {
    if (!cache || Date.now() - cache.at > ttlMs)
      cache = { at: Date.now(), groups: await catalogue.crossServerGroups() };
    return cache.groups.get(`${applicationId}/${serverId}`) ?? null;
  };
}

export function commodityListRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  catalogue: ListingCatalogue,
  cache: ListPageCache | null,
): void {
  const groupOf = createServerGroups(catalogue);
  const reading = new Map<string, { epoch: number; page: Promise<Page> }>();
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
    const query = { ...input, applicationId, groupOf: group ?? undefined };
    if (!cache) return listCommodities(platform.db, query);
    const { page: _page, ...filter } = query;
    const countKey = `count:${keyOf(filter)}`;
    if (input.page > CACHED_PAGES) {
      // A deeper page is read afresh; the filter's count (the same on every page) may be kept.
      const total = cache.get(countKey) as number | undefined;
      const epoch = cache.epoch();
      const read = await listCommodities(platform.db, query, total);
      if (total === undefined) cache.set(countKey, epoch, read.total);
      return read;
    }
    const key = keyOf(query);
    const kept = cache.get(key) as Page | undefined;
    if (kept) return kept;
    // Readers of the same page at once share one read (not one each when its time runs out), unless
    // a listing changed since that read began.
    const epoch = cache.epoch();
    const pending = reading.get(key);
    if (pending && pending.epoch === epoch) return pending.page;
    const page = listCommodities(platform.db, query).then((read) => {
      // Kept with its JSON: a page answered from the cache is not serialised again.
      cache.set(key, epoch, keepJson(read));
      cache.set(countKey, epoch, read.total);
      return read;
    });
    reading.set(key, { epoch, page });
    try {
      return await page;
    } finally {
      if (reading.get(key)?.page === page) reading.delete(key);
    }
  };
  registerCall(app, platform, commodityList, list);
  registerCall(app, platform, h5sdkCommodityList, list);
}
