import type { ReconcileHistory, ReconcileRun } from '@app/protocol/ops-money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const RECONCILE_PAGE_SIZE = 10;
const reconcileKey = [...opsKeys.all, 'money', 'reconciliation'] as const;

/** 对账's history: the runs, newest first, each with its sections and mismatches. */
export const useReconcileHistory = (page: number) =>
  useQuery({
    queryKey: [...reconcileKey, page] as const,
    queryFn: () =>
      opsFetch<ReconcileHistory>(
        `/reconciliation?${new URLSearchParams({ page: String(page), pageSize: String(RECONCILE_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Runs one day's reconciliation (audited); the history is asked again. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => opsFetch<ReconcileRun>('/reconciliation/run', { method: 'POST', body: { day } }),
    onSettled: () => client.invalidateQueries({ queryKey: reconcileKey }),
  });
}
