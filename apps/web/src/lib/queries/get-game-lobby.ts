import { gameLobby } from '@app/protocol/calls/market-games';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { marketKeys } from './market-keys';

export const gameLobbyOptions = (keyword: string) =>
  queryOptions({
    queryKey: marketKeys.lobby(keyword),
    queryFn: () => callApi(gameLobby, keyword ? { keyword } : {}),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useGameLobby(keyword: string) {
  return useQuery(gameLobbyOptions(keyword));
}
