import { changeOrderCoupon } from '@app/protocol/calls/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { orderKeys, takeOrderAnswer } from './order-query-keys';

/**
 * Attaches, swaps or removes (null) the coupon of an unpaid order. The answer is the order with
 * its new total; the coupon lists and the balance-plus-third-party offer follow it.
 */
export function useChangeOrderCoupon(orderId: string, commodityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string | null) => callApi(changeOrderCoupon, { orderId, couponId }),
    onSuccess: async (order) => {
      await Promise.all([
        takeOrderAnswer(queryClient, orderId, order),
        queryClient.invalidateQueries({ queryKey: orderKeys.coupons(commodityId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.combination(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.payable(orderId) }),
      ]);
    },
  });
}
