import { isAvailableCombinationPay } from '@app/protocol/calls/pay';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

export const useCombination = (orderId: string) =>
  useQuery({
    queryKey: orderKeys.combination(orderId),
    queryFn: () => callApi(isAvailableCombinationPay, { bizNo: orderId }),
  });
