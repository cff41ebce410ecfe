import type { StaffMember } from '@app/protocol/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export interface ResetPasswordInput {
  id: string;
  password: string;
  clearTotp: boolean;
}

export const resetStaffPassword = ({ id, ...body }: ResetPasswordInput) =>
  opsFetch<StaffMember>(`/staff/${id}/password`, { method: 'POST', body });

export function useResetStaffPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.staff }),
  });
}
