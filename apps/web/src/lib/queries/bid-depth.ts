import { bidDepth } from '@app/protocol/calls/bid-book';
import { brokerCommodityList } from '@app/protocol/calls/broker';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/**
 * Query keys of the buy order book (docs/decisions/0025-bid-book.md). Its depth is shown by the
 * broker listing's page and the consignment coin's detail, so the key factory and the depth call
 * live here; the book's own calls (post, cancel, sell, mine) stay in features/broker.
 */
export const bidBookKeys = {
  all: ['bid-book'] as const,
  depth: (appId: string, serverId: string, goldType: number) =>
    ['bid-book', 'depth', appId, serverId, goldType] as const,
  mine: (appId: string) => ['bid-book', 'mine', appId] as const,
};

/** The book of a coin on a server's master group: bids and asks per price, read again every 15 s. */
export const useBidDepth = (appId: string, serverId: string, goldType: number) =>
  useQuery({
    queryKey: bidBookKeys.depth(appId, serverId, goldType),
    queryFn: () => callApi(bidDepth, { applicationId: appId, serverId, goldType }, { catchError: true, appId }),
    enabled: Boolean(appId && serverId),
    refetchInterval: 15_000,
  });

/**
 * The cheapest merchant listing of a coin on a server's master group (its page carries the book's
 * 挂单求购), or null when none is on sale.
 */
export const useCheapestBrokerListing = (appId: string, serverId: string, goldType: number, enabled: boolean) =>
  useQuery({
    queryKey: ['broker', 'cheapest', appId, serverId, goldType] as const,
    queryFn: async () => {
      const page = await callApi(
        brokerCommodityList,
        { applicationId: appId, serverId, goldType, sort: 'price', page: 1, pageSize: 1 },
        { ignoreError: true, appId },
      );
      return page.list[0] ?? null;
    },
    enabled: Boolean(appId && serverId) && enabled,
    staleTime: 30_000,
  });
