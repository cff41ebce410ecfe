import type { Order, orderInfo } from '@app/protocol/calls/orders';
import type { CallOutput } from '@app/protocol/contract';
import type { QueryClient } from '@tanstack/react-query';

type OrderInfo = CallOutput<typeof orderInfo>;

export const orderKeys = {
  order: (id: string) => ['order', id] as const,
  list: ['order', 'list'] as const,
  /** The seller's side (我卖出的). */
  sold: ['order', 'sold'] as const,
  coupons: (commodityId: string) => ['order', 'coupons', commodityId] as const,
  combination: (orderId: string) => ['order', 'combination', orderId] as const,
  /** What the cashier of a bizNo pays (any purpose). */
  payable: (bizNo: string) => ['payable', bizNo] as const,
};

/**
 * An action's answer is the order without what only orderInfo carries (its chat, where a refund
 * went): laid over the order the page holds, then asked again in full. Writing the bare answer in
 * its place left the page without `refunds` and it fell over on the next render.
 */
export function takeOrderAnswer(queryClient: QueryClient, orderId: string, order: Order): Promise<void> {
  queryClient.setQueryData<OrderInfo>(orderKeys.order(orderId), (held) => (held ? { ...held, ...order } : held));
  return queryClient.invalidateQueries({ queryKey: orderKeys.order(orderId) });
}
