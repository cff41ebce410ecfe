import type { CaseDomain, RefusedCase, RefusedCasesPage } from '@app/protocol/refused-cases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys, pollWhileSignedIn } from './ops-fetch';

export const CASES_PAGE_SIZE = 20;

export interface CasesFilter {
  domain: CaseDomain | '';
  q: string;
  page: number;
}

export const getCases = ({ domain, q, page }: CasesFilter) => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(CASES_PAGE_SIZE) });
  if (domain) query.set('domain', domain);
  if (q) query.set('q', q);
  return opsFetch<RefusedCasesPage>(`/cases?${query}`);
};

/** 拒绝收货 and its kin, both order machineries: one page of the waiting cases, oldest first. */
export const casesOptions = (filter: CasesFilter) =>
  queryOptions({
    queryKey: [...opsKeys.cases, filter.domain, filter.q, filter.page] as const,
    queryFn: () => getCases(filter),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useCases = (filter: CasesFilter) => useQuery(casesOptions(filter));

/** One case as its card shows it (the workbench beside the order's chat), also once decided. */
export const useCase = (caseRef: string) =>
  useQuery({
    queryKey: [...opsKeys.cases, 'one', caseRef] as const,
    queryFn: () => opsFetch<RefusedCase>(`/cases/${caseRef}`),
    enabled: caseRef !== '',
    retry: false,
    refetchInterval: pollWhileSignedIn(10_000),
  });
