import { useMutation } from '@tanstack/react-query';
import { opsFetch } from './ops-fetch';

export const changeOwnPassword = (input: { current: string; password: string }) =>
  opsFetch<null>('/me/password', { method: 'POST', body: input });

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
