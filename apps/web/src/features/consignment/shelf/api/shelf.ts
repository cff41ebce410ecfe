import {
  downShelf,
  h5sdkMyCommodity,
  modifyPrice,
  myCommodity,
  onShelf,
  type ShelfTab,
  takeBack,
} from '@app/protocol/calls/consignment-shelf';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/call-api';
import { gameToken } from '../../sell/api/sell';

/** The seller's listings: in the game the SDK call (this game), elsewhere all of them. */
export function useShelf(tab: ShelfTab, sdk: boolean) {
  return useQuery({
    queryKey: ['shelf', tab, sdk],
    queryFn: () => {
      const t = sdk ? gameToken() : null;
      return t ? callApi(h5sdkMyCommodity, { ...t, tab, pageSize: 50 }) : callApi(myCommodity, { tab, pageSize: 50 });
    },
  });
}

export function useShelfAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { action: 'downShelf' | 'onShelf' | 'takeBack'; commodityId: string }
        | { action: 'modifyPrice'; commodityId: string; price: number },
    ) => {
      if (input.action === 'modifyPrice')
        return callApi(modifyPrice, { commodityId: input.commodityId, price: input.price });
      const call = { downShelf, onShelf, takeBack }[input.action];
      return callApi(call, { commodityId: input.commodityId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shelf'] }),
  });
}
