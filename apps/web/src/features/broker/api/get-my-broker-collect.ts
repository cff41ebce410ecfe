import { brokerMyCollect } from '@app/protocol/calls/broker';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { brokerKeys } from './broker-api';

const PAGE_SIZE = 20;

/** My collected broker listings, newest collection first; the ones no longer buyable flagged. */
const myBrokerCollectOptions = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: brokerKeys.collect,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => callApi(brokerMyCollect, { page: pageParam, pageSize: PAGE_SIZE }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

export function useMyBrokerCollect(enabled: boolean) {
  return useInfiniteQuery(myBrokerCollectOptions(enabled));
}
