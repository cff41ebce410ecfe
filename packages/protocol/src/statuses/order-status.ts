import type { TransitionTable } from './transition';

/** Exchange order status (business-flows §4). 3 and 31 both mean 交易成功 (31: settled to the seller). */
export const OrderStatus = {
  AWAITING_PAYMENT: 1,
  PAID: 2,
  COMPLETED: 3,
  SETTLED: 31,
  PENDING_SETTLEMENT: 32,
  AWAITING_RECEIPT: 51,
  PAYMENT_TIMEOUT: -1,
  CANCELLED: -2,
  RETURNED: -21,
  RECEIPT_REFUSED: -5,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Orders nobody paid for (unpaid, cancelled, timed out): no customer service, no urges. */
export const UNPAID_ORDER_STATUSES: readonly number[] = [
  OrderStatus.AWAITING_PAYMENT,
  OrderStatus.CANCELLED,
  OrderStatus.PAYMENT_TIMEOUT,
];

export const orderStatusLabel: Record<'buyer' | 'seller', Record<OrderStatus, string>> = {
  buyer: {
    1: '待支付',
    2: '支付成功',
    3: '交易成功',
    31: '交易成功',
    32: '交易成功',
    51: '待收货',
    [-1]: '支付超时',
    [-2]: '取消订单',
    [-21]: '已退回',
    [-5]: '拒绝收货',
  },
  seller: {
    1: '等待买家付款',
    2: '买家已付款',
    3: '交易成功',
    31: '交易成功（已到账）',
    32: '待入账',
    51: '等待买家收货',
    [-1]: '买家支付超时',
    [-2]: '买家已取消',
    [-21]: '已退回',
    [-5]: '买家拒绝收货',
  },
};

/**
 * Paid (2) → delivered by the game (51) → confirmed (32 pending settlement → 31 settled, or 3
 * when settled at once). A failed delivery returns the money (-21). A refused receipt (-5) waits
 * for customer service: returned (-21, the game takes the goods back) or confirmed (32).
 */
export const orderTransitions: TransitionTable<OrderStatus> = {
  1: [2, -1, -2],
  2: [51, 3, 32, -21],
  51: [3, 32, -5, -21],
  32: [31],
  3: [],
  31: [],
  [-1]: [],
  [-2]: [],
  [-21]: [],
  [-5]: [-21, 32],
};
