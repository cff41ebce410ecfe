import type { StaffLoginAnswer } from '@app/protocol/ops';
import { useMutation } from '@tanstack/react-query';
import { opsFetch, opsSession } from './ops-fetch';

export interface LoginInput {
  username: string;
  password: string;
  totp?: string;
}

export const login = (input: LoginInput) => opsFetch<StaffLoginAnswer>('/login', { method: 'POST', body: input });

export function useLogin(onLoggedIn: (answer: StaffLoginAnswer) => void) {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      opsSession.set(answer.token);
      onLoggedIn(answer);
    },
  });
}
