import { brokerGetRateCustomerService, brokerRateCustomerService } from '@app/protocol/calls/broker-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

const key = (orderId: string) => ['broker-order', 'service-rating', orderId] as const;

/** My rating of customer service's decision on a broker order, and whether I may rate it now. */
export const useBrokerServiceRating = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: key(orderId),
    queryFn: () => callApi(brokerGetRateCustomerService, { orderId }, { ignoreError: true }),
    enabled: enabled && Boolean(orderId),
  });

export function useRateBrokerService(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { score: number; comment: string }) =>
      callApi(
        brokerRateCustomerService,
        { orderId, score: input.score, ...(input.comment ? { comment: input.comment } : {}) },
        { catchError: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: key(orderId) }),
  });
}
