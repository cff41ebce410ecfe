import type { StaffMember, StaffRole } from '@app/protocol/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export interface CreateStaffInput {
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

export const createStaff = (input: CreateStaffInput) =>
  opsFetch<StaffMember>('/staff', { method: 'POST', body: input });

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.staff }),
  });
}
