import { getSellOrderList } from '@app/protocol/calls/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

/** The seller's orders (我卖出的), newest first, in the seller's words with what they receive. */
export const sellOrdersOptions = (enabled = true) =>
  queryOptions({
    queryKey: orderKeys.sold,
    queryFn: () => callApi(getSellOrderList, { pageSize: 50 }),
    enabled,
  });

export const useSellOrders = (enabled = true) => useQuery(sellOrdersOptions(enabled));
