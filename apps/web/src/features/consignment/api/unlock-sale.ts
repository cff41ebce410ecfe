import { appConsignmentSMSVerifyCode } from '@app/protocol/calls/market';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export function useUnlockSale() {
  return useMutation({ mutationFn: (code: string) => callApi(appConsignmentSMSVerifyCode, { code }) });
}
