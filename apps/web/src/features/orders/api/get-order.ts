import { orderInfo } from '@app/protocol/calls/orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

/** The viewer's order; someone else's (or none) shows 'spe' with 订单不存在 and closing goes back. */
export const useOrder = (orderId: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: orderKeys.order(orderId),
    queryFn: () => callApi(orderInfo, { orderId }, { opens: 'private' }),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: refetchMs,
  });
