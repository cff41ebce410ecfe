import { orderInfo } from '@app/protocol/calls/orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

export const useOrder = (orderId: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: orderKeys.order(orderId),
    queryFn: () => callApi(orderInfo, { orderId }),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: refetchMs,
  });
