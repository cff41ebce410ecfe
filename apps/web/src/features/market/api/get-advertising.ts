import { advertising } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';

/** The SDK home's ad slot for the game in view; a refusal shows nothing. */
export const advertisingOptions = (appId: string | null) =>
  queryOptions({
    queryKey: marketKeys.advertising(appId),
    queryFn: () => callApi(advertising, {}, { ignoreError: true, ...(appId ? { appId } : {}) }),
    enabled: Boolean(appId),
    staleTime: 5 * 60_000,
  });

export function useAdvertising(appId: string | null) {
  return useQuery(advertisingOptions(appId));
}
