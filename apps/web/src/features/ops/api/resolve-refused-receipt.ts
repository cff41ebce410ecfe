import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';
import { announceOpsChange } from './ops-sync';

export interface ResolveInput {
  orderId: string;
  decision: 'refund' | 'confirm';
  note: string;
}

export const resolveRefusedReceipt = ({ orderId, ...body }: ResolveInput) =>
  opsFetch<{ orderId: string; decision: string }>(`/orders/${orderId}/resolve`, { method: 'POST', body });

export function useResolveRefusedReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveRefusedReceipt,
    onSuccess: announceOpsChange,
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.refused }),
  });
}
