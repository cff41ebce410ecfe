import { coinPriceHistory } from '@app/protocol/calls/exchange';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';

/** Daily unit price (fen per 10,000 coins) of one coin type in one master-server group. */
export const coinPriceHistoryOptions = (appId: string, coinType: number, masterServerId: string, days = 30) =>
  queryOptions({
    queryKey: commodityKeys.coinHistory(appId, coinType, masterServerId, days),
    queryFn: () =>
      callApi(
        coinPriceHistory,
        { coinType, days, ...(masterServerId ? { masterServerId } : {}) },
        { appId, catchError: true },
      ),
    staleTime: 5 * 60_000,
  });

export function useCoinPriceHistory(appId: string, coinType: number, masterServerId: string, days = 30) {
  return useQuery(coinPriceHistoryOptions(appId, coinType, masterServerId, days));
}
