import { type BrokerListingDetail, brokerCollect } from '@app/protocol/calls/broker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { brokerKeys } from './broker-api';

export type BrokerCollectVars = { commodityId: string; collect: 0 | 1 };

/** Collects or uncollects a broker listing; its detail and my collections follow the answer. */
export function useCollectBrokerListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: BrokerCollectVars) => callApi(brokerCollect, vars),
    onSuccess: (result, vars) => {
      queryClient.setQueryData<BrokerListingDetail>(brokerKeys.listing(vars.commodityId), (old) =>
        old ? { ...old, collected: result.collected, collectCount: result.collectCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: brokerKeys.collect });
    },
  });
}
