import { coinNum } from '@app/protocol/calls/game';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

/** The role's coins by type: how many it has and how many are free to sell. */
export const coinNumOptions = () =>
  queryOptions({
    queryKey: consignmentKeys.coins,
    queryFn: () => callApi(coinNum, requireGameToken()),
  });

export const useCoinNum = () => useQuery(coinNumOptions());
