import { h5sdkSellConfig } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

/** The game's selling rules and the token's role as a seller sees it (refusal, screenshots). */
export const sellConfigOptions = () =>
  queryOptions({
    queryKey: consignmentKeys.sellConfig,
    queryFn: () => callApi(h5sdkSellConfig, requireGameToken()),
  });

export const useSellConfig = () => useQuery(sellConfigOptions());
