import type { TransitionTable } from './transition';

/** Broker (sell-coins) order status (business-flows §4). */
export const BrokerOrderStatus = {
  AWAITING_PAYMENT: 101,
  PAID: 102,
  ENGAGED: 104,
  DELIVERING: 106,
  DELIVERED: 107,
  COMPLETED: 110,
  COMPLETED_SETTLED: 111,
  COMPLETED_PENDING: 112,
  TIMEOUT: -101,
  CANCELLED: -102,
  DELIVERY_FAILED: -104,
  RECEIPT_REFUSED: -105,
  RETURNED: -121,
} as const;
export type BrokerOrderStatus = (typeof BrokerOrderStatus)[keyof typeof BrokerOrderStatus];

export const brokerOrderStatusLabel: Record<BrokerOrderStatus, string> = {
  101: '待付款',
  102: '已付款',
  104: '已沟通过',
  106: '发货中',
  107: '发货完成',
  110: '交易成功',
  111: '交易成功(已到账)',
  112: '交易成功(待入账)',
  [-101]: '已超时',
  [-102]: '已取消',
  [-104]: '发货失败',
  [-105]: '拒绝收货',
  [-121]: '已退回',
};

export const brokerOrderTransitions: TransitionTable<BrokerOrderStatus> = {
  101: [102, -101, -102],
  102: [104, 106, -121],
  104: [106, -121],
  // A trade never reported: customer service refunds it (-121) or records it delivered (107).
  106: [107, -104, -121],
  107: [110, 112, -105],
  112: [111],
  110: [],
  111: [],
  [-101]: [],
  [-102]: [],
  // The game refused the delivery: the money goes back to the buyer at once.
  [-104]: [],
  // Customer service decides a refusal: refund, or confirm for the merchant.
  [-105]: [-121, 112],
  [-121]: [],
};
