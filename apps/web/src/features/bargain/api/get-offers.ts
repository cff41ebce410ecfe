import { offerList } from '@app/protocol/calls/bargain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { bargainKeys } from './bargain-keys';

export const OFFER_PAGE_SIZE = 20;

/** The offers I made (viewer 1) or received on my listings (viewer 2), newest first, page by page. */
export const offersOptions = (viewer: 1 | 2) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.list(viewer),
    queryFn: ({ pageParam }) => callApi(offerList, { viewer, page: pageParam, pageSize: OFFER_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useOffers = (viewer: 1 | 2, enabled: boolean) => useInfiniteQuery({ ...offersOptions(viewer), enabled });
