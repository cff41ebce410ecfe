import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKey } from './get-user';
import { opsFetch } from './ops-fetch';

/** The actions on a user (运营, 管理员), each with its reason; a ban with its end too. */
export type UserAction =
  | 'ban'
  | 'unban'
  | 'sessions/end'
  | 'sale-lock/reset'
  | 'withdrawals/hold'
  | 'withdrawals/release';

export interface UserActionInput {
  userId: string;
  action: UserAction;
  reason: string;
  /** A ban's end (ms), null: until lifted. */
  until?: number | null;
}

export const actOnUser = ({ userId, action, reason, until }: UserActionInput) =>
  opsFetch<unknown>(`/users/${userId}/${action}`, {
    method: 'POST',
    body: action === 'ban' ? { reason, until: until ?? null } : { reason },
  });

/** One action; the user's page is asked again either way (another staff member may have acted). */
export function useActOnUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnUser,
    onSettled: (_d, _e, input) => client.invalidateQueries({ queryKey: userKey(input.userId) }),
  });
}
