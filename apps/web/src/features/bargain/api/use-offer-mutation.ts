import type { Offer } from '@app/protocol/calls/bargain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainKeys } from './bargain-keys';

/** An action on one offer answers it as it is now; both lists are fetched again. */
export function useOfferMutation<I = string>(act: (input: I) => Promise<Offer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bargainKeys.all }),
  });
}
