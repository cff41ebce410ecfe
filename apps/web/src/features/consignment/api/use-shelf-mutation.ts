import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consignmentKeys } from './consignment-query-keys';

/** A shelf action answers the listing as it is now; every tab and the sell page are fetched again. */
export function useShelfMutation<I>(act: (input: I) => Promise<ShelfItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consignmentKeys.all }),
  });
}
