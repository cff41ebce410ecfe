import { appConsignmentSMSVerifyCode, h5sdkVerifyCode } from '@app/protocol/calls/market';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';

/** Opens the sale lock; inside a game the SDK variant carries the game token (platform-shell §7). */
export function useUnlockSale() {
  return useMutation({
    mutationFn: (code: string) => {
      const info = storage.getJson<{ game_id: string; game_token: string; server_id: string }>('loginInfoStr');
      return info
        ? callApi(h5sdkVerifyCode, { code, gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id })
        : callApi(appConsignmentSMSVerifyCode, { code });
    },
  });
}
