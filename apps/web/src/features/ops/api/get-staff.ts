import type { StaffMember } from '@app/protocol/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const getStaff = () => opsFetch<{ list: StaffMember[] }>('/staff');

export const staffOptions = () => queryOptions({ queryKey: opsKeys.staff, queryFn: getStaff, retry: false });

export function useStaff() {
  return useQuery(staffOptions());
}
