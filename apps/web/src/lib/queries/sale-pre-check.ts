import { h5sdkSalePreCheck, salePreCheck } from '@app/protocol/calls/exchange-sale';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { gameToken } from '../game-token';

/**
 * Asks which selling step is missing; inside a game the role must also be online. 30315 opens
 * the unlock dialog through the request layer.
 */
export function useSalePreCheck() {
  return useMutation({
    mutationFn: () => {
      const token = gameToken();
      return token ? callApi(h5sdkSalePreCheck, token) : callApi(salePreCheck, {});
    },
  });
}
