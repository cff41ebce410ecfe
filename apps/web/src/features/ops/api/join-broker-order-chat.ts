import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';
import type { SupportJoin } from './support-requests';

/**
 * 进入会话: joins a broker order's chat as 客服 (ops-broker-orders.routes.ts, audited); answers the
 * group and this staff member's chat login, as joining a 客服工单 does.
 */
export function useJoinBrokerOrderChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      opsFetch<SupportJoin>(`/broker-orders/${orderId}/join`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.cases }),
  });
}
