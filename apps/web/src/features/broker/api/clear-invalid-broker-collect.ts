import { brokerClearInvalidCollect } from '@app/protocol/calls/broker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { brokerKeys } from './broker-api';

/** Removes my collected broker listings that can no longer be bought. */
export function useClearInvalidBrokerCollect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(brokerClearInvalidCollect, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.collect }),
  });
}
