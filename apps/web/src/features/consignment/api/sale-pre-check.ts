import { salePreCheck } from '@app/protocol/calls/exchange-sale';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** Asks which selling step is missing; 30315 opens the unlock dialog through the request layer. */
export function useSalePreCheck() {
  return useMutation({ mutationFn: () => callApi(salePreCheck, {}) });
}
