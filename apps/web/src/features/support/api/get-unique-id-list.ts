import { getUniqueIdList } from '@app/protocol/calls/market-games';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** The user's game accounts in one game, as customer-account options (唯一码, last role, last login). */
export const useUniqueIdList = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.uniqueIds(appId),
    // Secondary on the page: a refusal (no game, an expired login) leaves the card out, not a toast.
    queryFn: () => callApi(getUniqueIdList, {}, { appId, ignoreError: true }),
    enabled: enabled && Boolean(appId),
  });
