import { userInfo } from '@app/protocol/calls/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';

export const userKeys = { all: ['user'] as const, info: ['user', 'info'] as const };

export const userInfoOptions = () =>
  queryOptions({
    queryKey: userKeys.info,
    queryFn: async () => {
      // Anonymous until a token exists (platform-shell §4); a game login later refetches this.
      if (!storage.get('token')) return null;
      const info = await callApi(userInfo, {});
      storage.set('hasAuthentication', info.hasAuthentication);
      storage.setJson('userInfo', info);
      return info;
    },
  });

export function useUserInfo() {
  return useQuery(userInfoOptions());
}
