import { payPasswordStatus } from '@app/protocol/calls/pay-password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/**
 * Whether the payment password is set, the tries left, until when it is locked and until when
 * withdrawals wait (payPassword.status): the keypad sheet asks it before it opens, the
 * set/reset page after each change.
 */
export const payPasswordStatusOptions = () =>
  queryOptions({
    queryKey: ['payPassword', 'status'] as const,
    queryFn: () => callApi(payPasswordStatus, {}),
    staleTime: 0,
  });

export function usePayPasswordStatus(enabled = true) {
  return useQuery({ ...payPasswordStatusOptions(), enabled });
}
