import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys, opsSession } from './ops-fetch';

export const logout = () => opsFetch<null>('/logout', { method: 'POST' });

/** Ends the session on the server, then forgets it here whatever the answer. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      client.removeQueries({ queryKey: opsKeys.all });
      opsSession.clear('已退出登录');
    },
  });
}
