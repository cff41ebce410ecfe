import { serverList } from '@app/protocol/calls/game';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/** The servers of a game by id (name and master server): where a buyer's roles are. */
export const useServers = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['server-list', appId],
    queryFn: async () =>
      new Map((await callApi(serverList, {}, { appId, ignoreError: true })).list.map((s) => [s.serverId, s])),
    enabled: enabled && Boolean(appId),
    staleTime: 10 * 60_000,
  });

export type ServersById = NonNullable<ReturnType<typeof useServers>['data']>;
