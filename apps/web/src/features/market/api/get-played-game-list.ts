import { playedGameList } from '@app/protocol/calls/market-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';
import { storage } from '../../../lib/storage';

/** Games the logged-in user has played (the game switcher); nothing when logged out. */
export const playedGameListOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: marketKeys.playedGames(storage.get('token')),
    queryFn: () => callApi(playedGameList, {}, { ignoreError: true }),
    enabled: enabled && Boolean(storage.get('token')),
  });

export function usePlayedGameList(enabled: boolean) {
  return useQuery(playedGameListOptions(enabled));
}
