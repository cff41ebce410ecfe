import { h5sdkSalePreCheck, salePreCheck } from '@app/protocol/calls/exchange-sale';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';

interface LoginInfo {
  game_id: string;
  game_token: string;
  server_id: string;
}

/**
 * Asks which selling step is missing; inside a game the role must also be online. 30315 opens
 * the unlock dialog through the request layer.
 */
export function useSalePreCheck() {
  return useMutation({
    mutationFn: () => {
      const info = storage.getJson<LoginInfo>('loginInfoStr');
      return info
        ? callApi(h5sdkSalePreCheck, { gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id })
        : callApi(salePreCheck, {});
    },
  });
}
