import { bidIdOfBizNo, bidInfo } from '@app/protocol/calls/bid-book';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** A bid whose missing money the cashier pays, by its bizNo ('Q' and its id); asked for again while a phone scans on a PC. */
export const useCoinBidToPay = (bizNo: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: ['bid-book', 'one', String(bidIdOfBizNo(bizNo) ?? '')],
    queryFn: () => callApi(bidInfo, { bidId: String(bidIdOfBizNo(bizNo)) }),
    enabled: bidIdOfBizNo(bizNo) !== null,
    refetchInterval: refetchMs,
  });
