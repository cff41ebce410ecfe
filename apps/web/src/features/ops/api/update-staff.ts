import type { StaffMember, StaffRole } from '@app/protocol/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export interface UpdateStaffInput {
  id: string;
  role?: StaffRole;
  disabled?: boolean;
}

export const updateStaff = ({ id, ...body }: UpdateStaffInput) =>
  opsFetch<StaffMember>(`/staff/${id}`, { method: 'PATCH', body });

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.staff }),
  });
}
