import { logout } from '@app/protocol/calls/user';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { clearLoginInfo } from '../../../lib/storage';

/**
 * 退出登录: the server ends the session first, so the token is worthless even if it was copied;
 * the device forgets it whatever the server answered (offline, already expired).
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => callApi(logout, {}, { catchError: true }).catch(() => null),
    onSettled: () => clearLoginInfo(),
  });
}
