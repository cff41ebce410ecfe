import type { TransitionTable } from './transition';

/**
 * Consignment (listing) status (business-flows §4), plus two states the game client knows:
 * -1 上架失败 (the game refused the freeze; nothing listed, nothing frozen) and 0 已失效
 * (expired or sold elsewhere; final).
 */
export const ListingStatus = {
  ON_SALE: 1,
  DELISTED: 2,
  SELLING: 3,
  LISTING: 6,
  RETRIEVING: 7,
  RETRIEVE_FAILED: -4,
  FROZEN: 9,
  LISTING_FAILED: -1,
  INVALID: 0,
} as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

export const listingStatusLabel: Record<ListingStatus, string> = {
  1: '在售',
  2: '已下架',
  3: '出售中',
  6: '上架中',
  7: '取回中',
  [-4]: '取回失败',
  9: '已冻结',
  [-1]: '上架失败',
  0: '已失效',
};

/** The note of a listing that ended in a sale (已失效 by status): the shelf labels it 已售出, once. */
export const LISTING_SOLD_NOTE = '已售出';

/**
 * 6 listing → 1 on sale → 3 selling (an order) → back to 1, or 0 when sold; 2 delisted → 7 → 0.
 * Staff freeze a listing on sale or delisted (9) and unfreeze it back, or take it down (9 → 2).
 */
export const listingTransitions: TransitionTable<ListingStatus> = {
  6: [1, -1],
  1: [2, 3, 9, 0],
  3: [1, 0],
  9: [1, 2],
  2: [1, 7, 9, 0],
  7: [0, -4],
  [-4]: [7],
  [-1]: [],
  0: [],
};

/** What the seller may do in each state (delist; relist, take back or reprice only when delisted). */
export const listingActions: Record<
  ListingStatus,
  ReadonlyArray<'downShelf' | 'onShelf' | 'takeBack' | 'modifyPrice'>
> = {
  1: ['downShelf'],
  2: ['onShelf', 'takeBack', 'modifyPrice'],
  3: [],
  6: [],
  7: [],
  [-4]: ['takeBack'],
  9: [],
  [-1]: [],
  0: [],
};

/** Broker listing status. */
const BrokerListingStatus = { SELLING: 0, DELISTED: 1, SOLD_OUT: 2 } as const;
export type BrokerListingStatus = (typeof BrokerListingStatus)[keyof typeof BrokerListingStatus];
