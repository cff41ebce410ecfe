import { rateCustomerService } from '@app/protocol/calls/customer-service';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** Rates the closed request once: 1–5 stars and an optional comment. */
export function useRateCustomerService(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { score: number; comment: string }) =>
      callApi(rateCustomerService, {
        orderId,
        score: input.score,
        ...(input.comment.trim() ? { comment: input.comment.trim() } : {}),
      }),
    onSuccess: (rating) => queryClient.setQueryData(supportKeys.rating(orderId), { rating, canRate: false }),
  });
}
