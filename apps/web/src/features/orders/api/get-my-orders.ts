import { getFinishBuyOrderList } from '@app/protocol/calls/orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

export const useMyOrders = () =>
  useQuery({ queryKey: orderKeys.list, queryFn: () => callApi(getFinishBuyOrderList, { pageSize: 50 }) });
