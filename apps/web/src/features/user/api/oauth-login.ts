import { qqAppLogin, wxAppLogin } from '@app/protocol/calls/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { saveLogin } from '../../../lib/storage';
import { userKeys } from './get-user-info';

export type OAuthProvider = 'wx' | 'qq';

/** WeChat or QQ sign-in with the code the provider returned to the login page. */
export function useOAuthLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, code, redirectUri }: { provider: OAuthProvider; code: string; redirectUri: string }) =>
      provider === 'wx' ? callApi(wxAppLogin, { code }) : callApi(qqAppLogin, { code, redirectUri }),
    onSuccess: (login) => {
      saveLogin(login);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
