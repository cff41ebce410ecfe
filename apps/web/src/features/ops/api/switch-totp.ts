import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

/** 安全设置: a code from the authenticator app turns the second factor on (or off). */
export const enableTotp = (code: string) => opsFetch<null>('/me/totp/enable', { method: 'POST', body: { code } });
export const disableTotp = (code: string) => opsFetch<null>('/me/totp/disable', { method: 'POST', body: { code } });

export function useSwitchTotp(on: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: on ? enableTotp : disableTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.me }),
  });
}
