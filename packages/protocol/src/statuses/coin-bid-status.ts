import type { TransitionTable } from './transition';

/**
 * A standing buy order (求购) of coins (docs/decisions/0025-bid-book.md). A bid partly filled stays
 * 0 求购中 with its filled quantity; the last coins make it 1 已成交. A bid the balance could not
 * cover waits for the missing money at the cashier (4 待付款) and closes unpaid (5 已关闭).
 */
export const CoinBidStatus = {
  OPEN: 0,
  FILLED: 1,
  CANCELLED: 2,
  EXPIRED: 3,
  AWAITING_FUNDS: 4,
  CLOSED_UNPAID: 5,
} as const;
export type CoinBidStatus = (typeof CoinBidStatus)[keyof typeof CoinBidStatus];

export const coinBidStatusLabel: Record<CoinBidStatus, string> = {
  0: '求购中',
  1: '已成交',
  2: '已撤销',
  3: '已过期',
  4: '待付款',
  5: '已关闭',
};

export const coinBidTransitions: TransitionTable<CoinBidStatus> = {
  // Filled by the last fill; withdrawn by the buyer; run out (the sweeper): what is left is released.
  0: [1, 2, 3],
  1: [],
  2: [],
  3: [],
  // The missing money paid at the cashier (the whole amount held, the bid stands); withdrawn by the
  // buyer before paying; not paid in time (the sweeper). Either way the part held is released.
  4: [0, 2, 5],
  5: [],
};
