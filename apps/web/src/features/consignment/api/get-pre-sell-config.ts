import { preSellConfig } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

/** Pre-sale rules: whether it is open and the delivery delays a seller may promise. */
export const preSellConfigOptions = () =>
  queryOptions({
    queryKey: consignmentKeys.preSellConfig,
    queryFn: () => callApi(preSellConfig, requireGameToken()),
  });

export const usePreSellConfig = () => useQuery(preSellConfigOptions());
