import type { MaintenancePayload, OpsMaintenance } from '@app/protocol/ops-games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

const maintenanceKey = [...opsKeys.all, 'maintenance'] as const;

/** 维护开关: on or off, the players' message and the expected end. */
export const useMaintenance = () =>
  useQuery({ queryKey: maintenanceKey, queryFn: () => opsFetch<OpsMaintenance>('/maintenance'), retry: false });

/** Turns maintenance on or off (audited with its reason). */
export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenancePayload) => opsFetch<OpsMaintenance>('/maintenance', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}
