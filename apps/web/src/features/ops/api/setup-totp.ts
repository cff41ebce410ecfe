import type { TotpSetup } from '@app/protocol/ops';
import { useMutation } from '@tanstack/react-query';
import { opsFetch } from './ops-fetch';

/** 安全设置: a new TOTP secret for an authenticator app; it counts once a code from it is confirmed. */
export const setupTotp = () => opsFetch<TotpSetup>('/me/totp/setup', { method: 'POST' });

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
