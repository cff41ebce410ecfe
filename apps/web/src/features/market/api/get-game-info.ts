import { testPlayGameInfo } from '@app/protocol/calls/market-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';

/** One game with its downloads and guide (testPlay/getGameInfo). */
export const gameInfoOptions = (applicationId: string | null) =>
  queryOptions({
    queryKey: [...marketKeys.all, 'gameInfo', applicationId] as const,
    queryFn: () => callApi(testPlayGameInfo, { applicationId: applicationId ?? '' }, { ignoreError: true }),
    enabled: Boolean(applicationId),
    staleTime: 5 * 60_000,
  });

export function useGameInfo(applicationId: string | null) {
  return useQuery(gameInfoOptions(applicationId));
}
