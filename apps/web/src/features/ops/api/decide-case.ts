import type { CaseDecided, CaseDecision } from '@app/protocol/refused-cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';
import { announceOpsChange } from './ops-sync';

export interface DecideInput {
  caseRef: string;
  decision: CaseDecision;
  note: string;
}

export const decideCase = ({ caseRef, ...body }: DecideInput) =>
  opsFetch<CaseDecided>(`/cases/${caseRef}/decide`, { method: 'POST', body });

/** Customer service's decision on a case of either domain (audited on the server). */
export function useDecideCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideCase,
    onSuccess: announceOpsChange,
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.cases }),
  });
}
