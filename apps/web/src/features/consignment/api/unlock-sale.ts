import { appConsignmentSMSVerifyCode, h5sdkVerifyCode } from '@app/protocol/calls/market';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from './game-token';

/** Opens the sale lock; inside a game the SDK variant carries the game token (platform-shell §7). */
export function useUnlockSale() {
  return useMutation({
    mutationFn: (code: string) => {
      const token = gameToken();
      return token ? callApi(h5sdkVerifyCode, { code, ...token }) : callApi(appConsignmentSMSVerifyCode, { code });
    },
  });
}
