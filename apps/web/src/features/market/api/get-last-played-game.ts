import { lastPlayedGame } from '@app/protocol/calls/market-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';
import { storage } from '../../../lib/storage';

/** The game the home opens on: the user's last played game, else the busiest one. */
export const lastPlayedGameOptions = () =>
  queryOptions({
    queryKey: marketKeys.lastPlayed(storage.get('token')),
    queryFn: () => callApi(lastPlayedGame, {}),
    staleTime: 60_000,
  });

export function useLastPlayedGame() {
  return useQuery(lastPlayedGameOptions());
}
