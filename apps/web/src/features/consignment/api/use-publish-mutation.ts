import type { PublishAnswer } from '@app/protocol/calls/consignment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consignmentKeys } from './consignment-query-keys';

/**
 * The shape every publish shares: one mutation key (the consign page shows 寄售中... while any
 * runs), and afterwards everything the seller sees about their goods is fetched again.
 */
export function usePublishMutation<I>(publish: (input: I) => Promise<PublishAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: consignmentKeys.publish,
    mutationFn: publish,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consignmentKeys.all }),
  });
}

/** The fields a publish form gives: the game token is added by the call. */
export type PublishFields<D> = Omit<D, 'gameId' | 'gameToken' | 'serverId'>;
