import { posterList } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys, type Place } from '../../../lib/queries/market-keys';

export const posterListOptions = (place: Place) =>
  queryOptions({
    queryKey: marketKeys.posters(place),
    queryFn: () => callApi(posterList, { place }),
    staleTime: 5 * 60_000,
  });

export function usePosterList(place: Place) {
  return useQuery(posterListOptions(place));
}
