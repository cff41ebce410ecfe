import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalsKey } from './get-withdrawals';
import { opsFetch } from './ops-fetch';

export type WithdrawalDecision =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'refuse'; reason: string };

export const decideWithdrawal = (d: WithdrawalDecision) =>
  d.decision === 'approve'
    ? opsFetch<{ id: number; status: string }>(`/withdrawals/${d.id}/approve`, { method: 'POST' })
    : opsFetch<{ id: number; status: string }>(`/withdrawals/${d.id}/refuse`, {
        method: 'POST',
        body: { reason: d.reason },
      });

/** 通过 or 不通过 (with its reason) on one payout; the queue is asked again either way (another may have decided). */
export function useDecideWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideWithdrawal,
    onSettled: () => client.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
