import { prePublishLockKey } from '@app/protocol/calls/consignment-keys';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/**
 * The key a game's link stands for: the link carries the lock id the game holds the role under
 * (prePublishLockId), which only the key's owner can resolve; another's or an unknown one is
 * 31001, which the page words itself (the query's error).
 */
export const useLockIdKey = (lockId: string) =>
  useQuery({
    queryKey: ['consignment', 'lockKey', lockId],
    queryFn: () => callApi(prePublishLockKey, { prePublishLockId: lockId }, { catchError: true }),
    enabled: lockId !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
