import type { TransitionTable } from './transition';

/**
 * An auction's own status (docs/decisions/0022-auctions.md); each bidder's place in it has a
 * bargain status of flow 'auction' (bargain-status.ts). 1 running → 2 won, its order waiting for
 * the winner's payment → 3 sold; 1 → 4 ended unsold (no bid, or the winner's order could not be
 * placed) and 2 → 4 (the winner did not pay: no second chance, the listing is an ordinary one
 * again); 1 → 5 cancelled (the listing left the market while it ran).
 */
export const AuctionStatus = {
  RUNNING: 1,
  AWAITING_PAYMENT: 2,
  SOLD: 3,
  UNSOLD: 4,
  CANCELLED: 5,
} as const;
export type AuctionStatus = (typeof AuctionStatus)[keyof typeof AuctionStatus];

export const auctionStatusLabel: Record<AuctionStatus, string> = {
  1: '竞拍中',
  2: '已成交，等待中标者付款',
  3: '已成交',
  4: '已流拍',
  5: '拍卖已取消',
};

export const auctionTransitions: TransitionTable<AuctionStatus> = {
  1: [2, 4, 5],
  2: [3, 4],
  3: [],
  4: [],
  5: [],
};
