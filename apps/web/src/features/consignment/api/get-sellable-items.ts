import { sellableItems } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

/** The role's props, each with why it cannot be sold (blacklisted, frozen, 30 days) or null. */
export const sellableItemsOptions = () =>
  queryOptions({
    queryKey: consignmentKeys.items,
    queryFn: () => callApi(sellableItems, requireGameToken()),
  });

export const useSellableItems = () => useQuery(sellableItemsOptions());
