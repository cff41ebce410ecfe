import { recommendGameList } from '@app/protocol/calls/market-games';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';

export type GameKind = 'popular' | 'recommend';

/** Popular or recommended games, page by page (the next page while hasMore). */
export const recommendGameListOptions = (kind: GameKind, pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: marketKeys.recommend(kind, pageSize),
    queryFn: async ({ pageParam }) => ({
      ...(await callApi(recommendGameList, { kind, page: pageParam, pageSize })),
      page: pageParam,
    }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

export function useRecommendGameList(kind: GameKind, pageSize = 20) {
  return useInfiniteQuery(recommendGameListOptions(kind, pageSize));
}
