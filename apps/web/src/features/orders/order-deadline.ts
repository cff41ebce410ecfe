import type { Order } from '@app/protocol/calls/orders';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { NavDeadline } from '../../components/nav-countdown';

/**
 * The order's end the nav bar counts down to, from the server's answer: paying before expireTime
 * (待支付), the receipt confirming itself at autoConfirmTime (待收货). None in the other states:
 * a paid order waits for the game's delivery, which has no deadline of its own.
 */
export function orderDeadline(o: Pick<Order, 'status' | 'expireTime' | 'autoConfirmTime'>): NavDeadline | null {
  if (o.status === OrderStatus.AWAITING_PAYMENT && o.expireTime)
    return { until: o.expireTime, label: '剩余支付', ended: '支付已超时' };
  if (o.status === OrderStatus.AWAITING_RECEIPT && o.autoConfirmTime)
    return { until: o.autoConfirmTime, label: '自动确认', ended: '即将自动确认' };
  return null;
}
