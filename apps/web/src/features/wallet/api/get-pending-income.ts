import { walletPendingIncome } from '@app/protocol/calls/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { walletKeys } from './wallet-keys';

/** 待入账: sales waiting for settlement, each with the day it reaches the balance. */
export const pendingIncomeOptions = () =>
  queryOptions({ queryKey: walletKeys.pendingIncome, queryFn: () => callApi(walletPendingIncome, {}) });

export function usePendingIncome() {
  return useQuery(pendingIncomeOptions());
}
