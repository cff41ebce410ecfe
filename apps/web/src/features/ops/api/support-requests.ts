import type { Intervention } from '@app/protocol/calls/customer-service';
import type { WorkbenchCase } from '@app/protocol/ops';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys, pollWhileSignedIn } from './ops-fetch';
import { announceOpsChange } from './ops-sync';

/** A customer-service request waiting in the workbench, with its order. */
export interface SupportRequest extends Intervention {
  order: {
    orderId: number;
    orderNo: string;
    buyerUserId: number;
    sellerUserId: number;
    status: number;
    title: string;
  } | null;
}

export interface SupportJoin {
  groupId: string;
  login: { account: string; token: string };
}

const supportOptions = () =>
  queryOptions({
    queryKey: opsKeys.support,
    queryFn: () => opsFetch<{ list: SupportRequest[] }>('/support'),
    retry: false,
    refetchInterval: pollWhileSignedIn(15_000),
  });

export const useSupportRequests = () => useQuery(supportOptions());

/** The order of a request as the workbench shows it beside the chat: timeline, receipt (staff session). */
export const useSupportCase = (requestId: string) =>
  useQuery({
    queryKey: opsKeys.supportCase(requestId),
    queryFn: () => opsFetch<WorkbenchCase>(`/support/${requestId}/case`),
    enabled: requestId !== '',
    retry: false,
    refetchInterval: pollWhileSignedIn(10_000),
  });

/** Joins a request's order chat: answers the group and this staff member's chat login. */
export function useJoinSupport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      opsFetch<SupportJoin>(`/support/${requestId}/join`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.support }),
  });
}

export function useCloseSupport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      ...body
    }: {
      requestId: string;
      outcome: 'refund' | 'confirm' | 'close';
      note: string;
    }) => opsFetch<Intervention>(`/support/${requestId}/close`, { method: 'POST', body }),
    onSuccess: announceOpsChange,
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
