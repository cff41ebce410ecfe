import { serverAll } from '@app/protocol/calls/game';
import { gameConfig } from '@app/protocol/calls/market-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { commodityKeys } from './commodity-keys';

/** Role classes and coin types of a game, for the filter panel. */
export const gameConfigOptions = (appId: string) =>
  queryOptions({
    queryKey: commodityKeys.gameConfig(appId),
    queryFn: () => callApi(gameConfig, {}, { appId, catchError: true }),
    staleTime: 10 * 60_000,
  });

/** Every server of a game grouped by master server, for the server picker. */
export const serverAllOptions = (appId: string) =>
  queryOptions({
    queryKey: commodityKeys.servers(appId),
    queryFn: () => callApi(serverAll, {}, { appId, catchError: true }),
    staleTime: 10 * 60_000,
  });

export const useGameConfig = (appId: string) => useQuery(gameConfigOptions(appId));
export const useServerAll = (appId: string) => useQuery(serverAllOptions(appId));
