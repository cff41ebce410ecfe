import { sendSms } from '@app/protocol/calls/user';
import type { CallInput } from '@app/protocol/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export function useSendSms() {
  return useMutation({ mutationFn: (input: CallInput<typeof sendSms>) => callApi(sendSms, input) });
}
