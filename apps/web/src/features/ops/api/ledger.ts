import type { FeeIncomeRow, LedgerAccountView, LedgerCheckResult, LedgerTransfersPage } from '@app/protocol/ops-money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const TRANSFERS_PAGE_SIZE = 20;
const ledgerKey = [...opsKeys.all, 'money', 'ledger'] as const;

/** 账务's accounts: the platform's, or one user's by uid. */
export const useLedgerAccounts = (uid: string) =>
  useQuery({
    queryKey: [...ledgerKey, 'accounts', uid] as const,
    queryFn: () => opsFetch<{ list: LedgerAccountView[] }>(`/ledger/accounts${uid ? `?uid=${uid}` : ''}`),
    retry: false,
  });

/** One account's transfers, newest first, a page at a time. */
export const useLedgerTransfers = (account: string | null, page: number) =>
  useQuery({
    queryKey: [...ledgerKey, 'transfers', account, page] as const,
    queryFn: () =>
      opsFetch<LedgerTransfersPage>(
        `/ledger/transfers?${new URLSearchParams({ account: account ?? '', page: String(page), pageSize: String(TRANSFERS_PAGE_SIZE) })}`,
      ),
    enabled: account !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The books checked now (ledger:check). */
export const useLedgerCheck = () =>
  useQuery({
    queryKey: [...ledgerKey, 'check'] as const,
    queryFn: () => opsFetch<LedgerCheckResult>('/ledger/check'),
    retry: false,
  });

/** Fee income by day, game and movement between two Beijing days. */
export const useFeeIncome = (from: string, to: string) =>
  useQuery({
    queryKey: [...ledgerKey, 'fees', from, to] as const,
    queryFn: () => opsFetch<{ list: FeeIncomeRow[] }>(`/ledger/fees?${new URLSearchParams({ from, to })}`),
    retry: false,
  });
