import type { AuditPage } from '@app/protocol/ops';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const AUDIT_PAGE_SIZE = 20;

export const getAudit = (order: string, page: number) =>
  opsFetch<AuditPage>(
    `/audit?${new URLSearchParams({ ...(order ? { order } : {}), page: String(page), pageSize: String(AUDIT_PAGE_SIZE) })}`,
  );

export const auditOptions = (order: string, page: number) =>
  queryOptions({ queryKey: opsKeys.audit(order, page), queryFn: () => getAudit(order, page), retry: false });

export function useAudit(order: string, page: number) {
  return useQuery({ ...auditOptions(order, page), placeholderData: keepPreviousData });
}
