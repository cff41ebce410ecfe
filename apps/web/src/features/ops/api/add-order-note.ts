import type { OrderNote } from '@app/protocol/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const addOrderNote = ({ orderId, note }: { orderId: string; note: string }) =>
  opsFetch<OrderNote>(`/orders/${orderId}/notes`, { method: 'POST', body: { note } });

export function useAddOrderNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.cases }),
  });
}
