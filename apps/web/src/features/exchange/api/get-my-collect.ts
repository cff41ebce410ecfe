import { myCollect } from '@app/protocol/calls/market-collect';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';

const PAGE_SIZE = 20;

/** The user's collections, newest first; invalid ones flagged. */
export const myCollectOptions = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: commodityKeys.collect,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => callApi(myCollect, { page: pageParam, pageSize: PAGE_SIZE }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

export function useMyCollect(enabled: boolean) {
  return useInfiniteQuery(myCollectOptions(enabled));
}
