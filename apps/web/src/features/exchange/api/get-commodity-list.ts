import { commodityList, h5sdkCommodityList } from '@app/protocol/calls/exchange';
import type { CallInput } from '@app/protocol/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';
import { storage } from '../../../lib/storage';

type ListParams = CallInput<typeof commodityList>;

export const commodityListOptions = (appId: string | null, params: ListParams) =>
  queryOptions({
    queryKey: commodityKeys.list(appId, params),
    queryFn: () => callApi(commodityList, params, appId ? { appId } : {}),
  });

/** One page of the list (the homes' latest listings). */
export function useCommodityList(appId: string | null, params: ListParams) {
  return useQuery(commodityListOptions(appId, params));
}

/** The player's server inside the game (loginInfoStr), read when a page is fetched. */
function sdkServerId(): string | undefined {
  return storage.getJson<{ server_id?: string }>('loginInfoStr')?.server_id || undefined;
}

/**
 * The scrolling list. In the SDK it is the SDK home list: the player's own server and, with
 * crossServer=1, the rest of its master-server group (unless the user picked a server).
 */
export const commodityInfiniteOptions = (appId: string | null, sdk: boolean, params: Omit<ListParams, 'page'>) =>
  infiniteQueryOptions({
    queryKey: commodityKeys.infinite(appId, sdk, params),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const options = { ...(appId ? { appId } : {}), signal };
      if (!sdk) return callApi(commodityList, { ...params, page: pageParam }, options);
      const serverId = params.serverId ?? (params.masterServerId ? undefined : sdkServerId());
      const cross = serverId && !params.serverId ? { serverId, crossServer: 1 } : {};
      return callApi(h5sdkCommodityList, { ...params, ...cross, page: pageParam }, options);
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useCommodityInfinite(appId: string | null, sdk: boolean, params: Omit<ListParams, 'page'>) {
  return useInfiniteQuery(commodityInfiniteOptions(appId, sdk, params));
}
