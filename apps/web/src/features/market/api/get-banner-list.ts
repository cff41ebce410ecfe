import { bannerList } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys, type Place } from '../../../lib/queries/market-keys';

export const bannerListOptions = (place: Place) =>
  queryOptions({
    queryKey: marketKeys.banners(place),
    queryFn: () => callApi(bannerList, { place }),
    staleTime: 5 * 60_000,
  });

export function useBannerList(place: Place) {
  return useQuery(bannerListOptions(place));
}
