import { walletRefunds } from '@app/protocol/calls/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { walletKeys } from './wallet-keys';

/** 退款中: the user's refunds to the original channel, each with where it goes and when. */
export const walletRefundsOptions = () =>
  queryOptions({ queryKey: walletKeys.refunds, queryFn: () => callApi(walletRefunds, {}) });

export function useWalletRefunds() {
  return useQuery(walletRefundsOptions());
}
