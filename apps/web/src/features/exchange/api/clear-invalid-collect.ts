import { clearInvalidCollect } from '@app/protocol/calls/market-collect';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';

/** Removes the collections that can no longer be bought. */
export function useClearInvalidCollect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(clearInvalidCollect, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commodityKeys.collect }),
  });
}
