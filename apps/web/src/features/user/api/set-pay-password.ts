import { payPasswordSet } from '@app/protocol/calls/pay-password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { payPasswordStatusOptions } from '../../../lib/queries/pay-password-status';

/** 设置支付密码: the first one, with an SMS code to the bound phone. */
export const useSetPayPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; pin: string }) => callApi(payPasswordSet, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payPasswordStatusOptions().queryKey }),
  });
};
