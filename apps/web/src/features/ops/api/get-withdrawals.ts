import type { WithdrawalQueuePage, WithdrawalView } from '@app/protocol/ops-money';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys, pollWhileSignedIn } from './ops-fetch';

export const WITHDRAWALS_PAGE_SIZE = 20;
export const withdrawalsKey = [...opsKeys.all, 'money', 'withdrawals'] as const;

export const getWithdrawals = (view: WithdrawalView, q: string, page: number) =>
  opsFetch<WithdrawalQueuePage>(
    `/withdrawals?${new URLSearchParams({ view, ...(q ? { q } : {}), page: String(page), pageSize: String(WITHDRAWALS_PAGE_SIZE) })}`,
  );

export const withdrawalsOptions = (view: WithdrawalView, q: string, page: number) =>
  queryOptions({
    queryKey: [...withdrawalsKey, view, q, page] as const,
    queryFn: () => getWithdrawals(view, q, page),
    // New requests arrive and other staff decide: asked again on every visit and every 15 s.
    staleTime: 0,
    refetchInterval: pollWhileSignedIn(15_000),
    retry: false,
  });

/** 提现审核: one view of the payouts (待审核 by default), searched by uid or withdrawal number, 20 a page. */
export const useWithdrawals = (view: WithdrawalView, q: string, page: number) =>
  useQuery({ ...withdrawalsOptions(view, q, page), placeholderData: keepPreviousData });
