import { depositDetail } from '@app/protocol/calls/deposit';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { cashierMode } from '../cashier-mode';

/** A deposit (保证金) the cashier pays, by its bizNo ('D' and its id); asked for again while a phone scans on a PC. */
export const useDeposit = (bizNo: string, refetchMs: number | false = false) =>
  useQuery({
    queryKey: ['deposit', bizNo],
    queryFn: () => callApi(depositDetail, { bizNo }),
    enabled: cashierMode(bizNo) === 'deposit',
    refetchInterval: refetchMs,
  });
