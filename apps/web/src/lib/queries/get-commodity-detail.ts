import { commodityDetail } from '@app/protocol/calls/exchange';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { commodityKeys } from './commodity-keys';

/** One listing; 30001 is answered by the request layer (modal, then the list). */
export const commodityDetailOptions = (id: string, appId: string | null) =>
  queryOptions({
    queryKey: commodityKeys.detail(id),
    queryFn: () => callApi(commodityDetail, { commodityId: id }, appId ? { appId } : {}),
    enabled: /^\d{1,12}$/.test(id),
  });

export function useCommodityDetail(id: string, appId: string | null) {
  return useQuery(commodityDetailOptions(id, appId));
}
