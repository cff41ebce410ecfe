import { cancelOrder, itemConfirm, itemReject } from '@app/protocol/calls/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { takeOrderAnswer } from './order-query-keys';

/** Confirms or refuses receipt (a reason, up to 3 evidence images), or cancels the unpaid order; the answer is the order. */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { action: 'confirm' } | { action: 'reject'; reason: string; images: string[] } | { action: 'cancel' },
    ) =>
      input.action === 'confirm'
        ? callApi(itemConfirm, { orderId })
        : input.action === 'reject'
          ? callApi(itemReject, {
              orderId,
              reason: input.reason,
              ...(input.images.length ? { images: input.images } : {}),
            })
          : callApi(cancelOrder, { orderId }),
    onSuccess: (order) => takeOrderAnswer(queryClient, orderId, order),
  });
}
