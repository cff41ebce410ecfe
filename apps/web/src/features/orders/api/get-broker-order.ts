import { brokerOrderIdOfBizNo, brokerOrderInfo } from '@app/protocol/calls/broker-orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** A broker order the cashier pays, by its bizNo ('B' and its id); asked for again while a phone scans on a PC. */
export const useBrokerOrderToPay = (bizNo: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: ['broker-order', 'one', String(brokerOrderIdOfBizNo(bizNo) ?? '')],
    queryFn: () => callApi(brokerOrderInfo, { orderId: String(brokerOrderIdOfBizNo(bizNo)), type: 1 }),
    enabled: brokerOrderIdOfBizNo(bizNo) !== null,
    refetchInterval: refetchMs,
  });
