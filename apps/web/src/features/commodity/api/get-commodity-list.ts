import { commodityList } from '@app/protocol/calls/exchange';
import type { CallInput } from '@app/protocol/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

type ListParams = CallInput<typeof commodityList>;

export const commodityKeys = {
  all: ['commodity'] as const,
  list: (appId: string | null, params: ListParams) => ['commodity', 'list', appId, params] as const,
};

export const commodityListOptions = (appId: string | null, params: ListParams) =>
  queryOptions({
    queryKey: commodityKeys.list(appId, params),
    queryFn: () => callApi(commodityList, params, appId ? { appId } : {}),
  });

export function useCommodityList(appId: string | null, params: ListParams) {
  return useQuery(commodityListOptions(appId, params));
}
