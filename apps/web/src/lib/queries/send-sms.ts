import { sendSms } from '@app/protocol/calls/user';
import type { CallInput } from '@app/protocol/contract';
import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { validatePhone } from '@app/protocol/validation';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { showToast } from '../ui-bus';

export function useSendSms() {
  return useMutation({ mutationFn: (input: CallInput<typeof sendSms>) => callApi(sendSms, input) });
}

/**
 * What the SMS button runs: checks the phone (login and binding) with the spec messages, sends,
 * says '发送成功'; answers whether the countdown should start.
 */
export function useSmsSender() {
  const mutation = useSendSms();
  return async (input: CallInput<typeof sendSms>): Promise<boolean> => {
    if (input.smsType === 'phoneLogin') {
      const problem = validatePhone(input.phone);
      if (problem) {
        showToast(problem);
        return false;
      }
    }
    try {
      await mutation.mutateAsync(input);
      showToast(CLIENT_MESSAGES.smsSent);
      return true;
    } catch {
      return false;
    }
  };
}
