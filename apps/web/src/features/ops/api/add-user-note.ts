import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKey } from './get-user';
import { opsFetch } from './ops-fetch';

export const addUserNote = ({ userId, note }: { userId: string; note: string }) =>
  opsFetch<{ id: string }>(`/users/${userId}/notes`, { method: 'POST', body: { note } });

/** A staff note on a user (客服 too); his notes and audit are asked again. */
export function useAddUserNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addUserNote,
    onSuccess: (_d, input) => client.invalidateQueries({ queryKey: userKey(input.userId) }),
  });
}
