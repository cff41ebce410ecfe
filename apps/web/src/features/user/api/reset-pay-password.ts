import { payPasswordReset } from '@app/protocol/calls/pay-password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { payPasswordStatusOptions } from '../../../lib/queries/pay-password-status';

/** 重置支付密码: an SMS code and the verified real name and ID number; withdrawals then wait 24 h. */
export const useResetPayPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; realName: string; idCard: string; pin: string }) =>
      callApi(payPasswordReset, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payPasswordStatusOptions().queryKey }),
  });
};
