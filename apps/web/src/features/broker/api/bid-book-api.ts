import { bidDepth, cancelBid, myBids, postBid, sellToBid } from '@app/protocol/calls/bid-book';
import type { CallInput } from '@app/protocol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** Query keys of the buy order book (docs/decisions/0025-bid-book.md). */
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

export const useMyBids = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: bidBookKeys.mine(appId),
    queryFn: () => callApi(myBids, { applicationId: appId, pageSize: 20 }, { catchError: true, appId }),
    enabled: Boolean(appId) && enabled,
  });

/** A change of the book: the caller shows the refusal; the book, my bids and broker answers are read again. */
const useBookMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: bidBookKeys.all });
      await client.invalidateQueries({ queryKey: ['broker'] });
      await client.invalidateQueries({ queryKey: ['broker-order'] });
    },
  });
};

export const usePostBid = () =>
  useBookMutation((input: CallInput<typeof postBid>) =>
    callApi(postBid, input, { catchError: true, appId: input.applicationId }),
  );

export const useCancelBid = () =>
  useBookMutation((bidId: string) => callApi(cancelBid, { bidId }, { catchError: true }));

export const useSellToBid = () =>
  useBookMutation((input: CallInput<typeof sellToBid>) =>
    callApi(sellToBid, input, { catchError: true, appId: input.applicationId }),
  );
