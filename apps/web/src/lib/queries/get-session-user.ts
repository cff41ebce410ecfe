import { userInfo } from '@app/protocol/calls/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { storage } from '../storage';

/**
 * The logged-in user for the shared frames (the PC header, the account menu): the same query,
 * key and answer as the user feature's userInfo (['user', 'info']), so both read one cache entry.
 */
export const sessionUserOptions = () =>
  queryOptions({
    queryKey: ['user', 'info'] as const,
    queryFn: async () => {
      if (!storage.get('token')) return null;
      const info = await callApi(userInfo, {});
      storage.set('hasAuthentication', info.hasAuthentication);
      storage.setJson('userInfo', info);
      return info;
    },
  });

export function useSessionUser() {
  return useQuery(sessionUserOptions());
}
