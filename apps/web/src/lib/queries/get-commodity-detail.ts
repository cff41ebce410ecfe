import { commodityDetail } from '@app/protocol/calls/exchange';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { commodityKeys } from './commodity-keys';

/** One listing; a missing one (30001) flashes 商品不存在 and lands on the list (the request layer's commodityNotExist). */
export const commodityDetailOptions = (id: string, appId: string | null) =>
  queryOptions({
    queryKey: commodityKeys.detail(id),
    queryFn: () =>
      callApi(commodityDetail, { commodityId: id }, appId ? { appId, opens: 'commodity' } : { opens: 'commodity' }),
    enabled: /^\d{1,12}$/.test(id),
  });

export function useCommodityDetail(id: string, appId: string | null) {
  return useQuery(commodityDetailOptions(id, appId));
}
