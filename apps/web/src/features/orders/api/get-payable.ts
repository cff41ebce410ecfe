import { payableDetail } from '@app/protocol/calls/pay';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys } from './order-query-keys';

/**
 * What the cashier of `bizNo` pays, as the server describes it (an order, a deposit, a broker
 * order, a bid: the cashier knows none of them); asked for again while a phone scans on a PC.
 */
export const usePayable = (bizNo: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: orderKeys.payable(bizNo),
    queryFn: () => callApi(payableDetail, { bizNo }),
    refetchInterval: refetchMs,
  });
