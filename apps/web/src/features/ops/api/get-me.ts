import type { StaffMember } from '@app/protocol/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const getMe = () => opsFetch<StaffMember>('/me');

export const meOptions = () => queryOptions({ queryKey: opsKeys.me, queryFn: getMe, retry: false });

export function useMe(enabled: boolean) {
  return useQuery({ ...meOptions(), enabled });
}
