import type { OpsRiskSignal, RiskDecisionPayload, RiskKind, RiskStatus } from '@app/protocol/ops-risk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const RISK_PAGE_SIZE = 20;
const riskKey = [...opsKeys.all, 'risk-signals'] as const;

/** 风控: the signals of one status (and kind), newest first, 20 a page. */
export const useRiskSignals = (page: number, status: RiskStatus, kind: RiskKind | '') =>
  useQuery({
    queryKey: [...riskKey, page, status, kind] as const,
    queryFn: () =>
      opsFetch<{ list: OpsRiskSignal[]; total: number }>(
        `/risk/signals?page=${page}&pageSize=${RISK_PAGE_SIZE}&status=${status}${kind ? `&kind=${kind}` : ''}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Dismisses a signal or acts on it (ban, hold withdrawals), with a note; audited. */
export function useDecideRisk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ signalId, ...body }: RiskDecisionPayload & { signalId: string }) =>
      opsFetch<{ signalId: string; status: RiskStatus }>(`/risk/signals/${signalId}/decide`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: riskKey }),
  });
}
