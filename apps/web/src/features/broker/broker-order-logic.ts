import { BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';

/**
 * What a buyer sees of a broker order in each status (business-flows §4, broker-order-status.ts):
 * the status word, one line of what happens next, and what he may do.
 */
export const brokerStatusWord = (status: number): string =>
  brokerOrderStatusLabel[status as BrokerOrderStatus] ?? '未知状态';

const HINTS: Record<BrokerOrderStatus, string> = {
  101: '请在倒计时结束前完成支付，超时订单将自动取消',
  102: '已付款，商人将尽快联系您并在承诺时效内发货',
  104: '商人已与您沟通，等待发货',
  106: '商人正在发货，游戏币将转入您的收货角色',
  107: '商人已发货，请进入游戏核对数量后确认收货',
  110: '交易已完成',
  111: '交易已完成',
  112: '交易已完成',
  [-101]: '订单超时未支付，已自动取消',
  [-102]: '订单已取消',
  [-104]: '发货失败，货款已退回您的余额',
  [-105]: '您已拒绝收货，客服将介入处理',
  [-121]: '货款已退回您的余额',
};

export const brokerStatusHint = (status: number): string => HINTS[status as BrokerOrderStatus] ?? '';

/** What the buyer may do in a status. */
export function buyerActions(status: number): Array<'pay' | 'cancel' | 'urge' | 'confirm' | 'refuse'> {
  if (status === BrokerOrderStatus.AWAITING_PAYMENT) return ['cancel', 'pay'];
  if (status === BrokerOrderStatus.PAID || status === BrokerOrderStatus.ENGAGED) return ['urge'];
  if (status === BrokerOrderStatus.DELIVERED) return ['refuse', 'confirm'];
  return [];
}

/** The tone of a status: waiting on someone, done, or ended without a deal. */
export function brokerStatusTone(status: number): 'wait' | 'done' | 'closed' {
  if (status < 0) return 'closed';
  if (status >= 110) return 'done';
  return 'wait';
}

/** What the merchant may do on an order of his listing in a status. */
export function merchantActions(status: number): Array<'engaged' | 'deliver' | 'refresh' | 'urge'> {
  if (status === BrokerOrderStatus.PAID) return ['engaged', 'deliver'];
  if (status === BrokerOrderStatus.ENGAGED) return ['deliver'];
  if (status === BrokerOrderStatus.DELIVERING) return ['refresh'];
  if (status === BrokerOrderStatus.DELIVERED) return ['urge'];
  return [];
}
