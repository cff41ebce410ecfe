import { marqueeList } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';

/** The SDK news line, kept in memory for the cacheTime seconds the answer names. */
export const marqueeListOptions = (appId: string | null) =>
  queryOptions({
    queryKey: marketKeys.marquee(appId),
    queryFn: () => callApi(marqueeList, {}, { ignoreError: true, ...(appId ? { appId } : {}) }),
    staleTime: (query) => Math.max(0, query.state.data?.cacheTime ?? 0) * 1000,
    enabled: Boolean(appId),
  });

export function useMarqueeList(appId: string | null) {
  return useQuery(marqueeListOptions(appId));
}
