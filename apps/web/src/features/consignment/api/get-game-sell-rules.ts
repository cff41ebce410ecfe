import { sellConfig } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';

/** The selling rules of one game outside the game view (the key page, repricing on the shelf). */
export const gameSellRulesOptions = (appId: string) =>
  queryOptions({
    queryKey: consignmentKeys.gameRules(appId),
    queryFn: () => callApi(sellConfig, {}, { appId }),
    enabled: appId !== '',
    staleTime: 5 * 60_000,
  });

export const useGameSellRules = (appId: string) => useQuery(gameSellRulesOptions(appId));
