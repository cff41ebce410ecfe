import type { commodityDetail } from '@app/protocol/calls/exchange';
import { collectCommodity } from '@app/protocol/calls/market-collect';
import type { CallOutput } from '@app/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';

type Detail = CallOutput<typeof commodityDetail>;
export type CollectVars = { commodityId: string; collect: 0 | 1 };

/** Collects or uncollects a listing; the detail and my collections follow the answer. */
export function useCollectCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: CollectVars) => callApi(collectCommodity, vars),
    onSuccess: (result, vars) => {
      queryClient.setQueryData<Detail>(commodityKeys.detail(vars.commodityId), (old) =>
        old ? { ...old, collected: result.collected, collectCount: result.collectCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: commodityKeys.collect });
    },
  });
}
