import { bindPhone } from '@app/protocol/calls/user';
import type { CallInput } from '@app/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { saveLogin } from '../../../lib/storage';
import { userKeys } from './get-user-info';

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof bindPhone>) => callApi(bindPhone, input),
    onSuccess: (login) => {
      saveLogin(login);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
