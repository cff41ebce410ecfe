import { cancelBid, myBids, postBid, sellToBid } from '@app/protocol/calls/bid-book';
import type { CallInput } from '@app/protocol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { bidBookKeys } from '../../../lib/queries/bid-depth';

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
