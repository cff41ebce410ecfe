import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { gameTokenFields } from './game';

/**
 * Auctions (拍卖, saleType 2; docs/decisions/0022-auctions.md). A seller turns a listing on sale
 * into an auction: start price, minimum increment, a duration in hours, an optional buy-it-now
 * price. A bidder pays a deposit (保证金, on the start price, once per auction) at the cashier
 * before bidding; each bid beats the current price by the increment; a bid in the last
 * AUCTION_SNIPE_MINUTES moves the end AUCTION_SNIPE_MINUTES later. At the end the leader's order
 * is placed at the final price, secured by his deposit, to pay within AUCTION_PAY_MINUTES; the
 * other deposits go back. Money in fen; times in unix seconds.
 */
export const AUCTION_PAY_MINUTES = 120;
export const AUCTION_SNIPE_MINUTES = 5;
/** What a bidder's place reads while someone else leads (status 11). */
export const AUCTION_OUTBID_LABEL = '已被超越';
export const AUCTION_LEADING_LABEL = '竞拍中，当前领先';

const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const fen = (what: string) =>
  z
    .number({ error: `请输入${what}` })
    .int({ error: `${what}金额不正确` })
    .min(1, { error: `${what}金额不正确` });

export const auctionBidSchema = z.object({
  price: z.number().int(),
  /** Masked (玩家a***9); the viewer's own bids read 我. */
  bidder: z.string(),
  mine: z.boolean(),
  time: z.number().int(),
});

/** The signed-in viewer's place in the auction (null before he takes part). */
export const auctionMeSchema = z.object({
  status: z.number().int(),
  statusLabel: z.string(),
  /** The cashier's bizNo of his deposit ('D' and its id). */
  depositBizNo: z.string(),
  depositStatus: z.string(),
  depositStatusLabel: z.string(),
  leading: z.boolean(),
  /** His highest bid, or null. */
  myPrice: z.number().int().nullable(),
  /** The order placed when he won (status 21, 57, 61). */
  orderId: z.string().nullable(),
});

export const auctionDetailSchema = z.object({
  auctionId: z.string(),
  commodityId: z.string(),
  applicationId: z.string(),
  type: z.number().int(),
  title: z.string(),
  firstImg: z.string(),
  gameName: z.string(),
  serverName: z.string(),
  /** AuctionStatus, with its words. */
  status: z.number().int(),
  statusLabel: z.string(),
  startPrice: z.number().int(),
  increment: z.number().int(),
  /** The highest bid, or the start price before any. */
  currentPrice: z.number().int(),
  /** The least a bid may be now. */
  nextMinPrice: z.number().int(),
  buyNowPrice: z.number().int().nullable(),
  depositAmount: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  /** The server's clock, for the countdown. */
  serverTime: z.number().int(),
  bidCount: z.number().int(),
  /** Newest first (at most 50). */
  bids: z.array(auctionBidSchema),
  /** The viewer is the seller. */
  isSeller: z.boolean(),
  me: auctionMeSchema.nullable(),
});
export type AuctionDetail = z.infer<typeof auctionDetailSchema>;

export const auctionDetail = defineCall({
  service: 'exchange',
  call: 'auction/detail',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary:
    'An auction listing: start price, increment, current price, end time, the bids (masked bidders), buy-it-now; with X-Token also the viewer’s own place and deposit',
  request: z.object({ commodityId }),
  response: auctionDetailSchema,
});

export const h5sdkAuctionDetail = defineCall({
  service: 'exchange',
  call: 'auction/detail',
  version: 1,
  access: 'pt',
  method: 'GET',
  scene: 'h5sdk',
  operationId: 'h5sdk.auctionDetail',
  summary: 'auction/detail from inside the game',
  request: z.object({ ...gameTokenFields, commodityId }),
  response: auctionDetailSchema,
});

export const auctionCreate = defineCall({
  service: 'exchange',
  call: 'auction/create',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The seller turns his listing on sale into an auction (转为拍卖): start price, increment (at least the game’s auctionMinIncrementFen), hours (auctionMinHours..auctionMaxHours), optional buy-it-now above the start; refused where the game’s auctionOpen is false',
  request: z.object({
    commodityId,
    startPrice: fen('起拍价'),
    increment: fen('加价幅度'),
    hours: z.number({ error: '请选择拍卖时长' }).int({ error: '拍卖时长不正确' }).min(1, { error: '拍卖时长不正确' }),
    buyNowPrice: fen('一口价').nullable().optional(),
  }),
  response: auctionDetailSchema,
});

const joinFields = {
  commodityId,
  agreement: z.literal(true, { error: '请先阅读并同意竞拍规则' }),
  /** App/H5: the bidder's linked game account (roles) or role (coins, props) the goods go to if he wins. */
  gameAccountId: z.string().max(64).optional(),
  gameRoleId: z.string().max(64).optional(),
};
export const auctionJoinResponse = z.object({
  /** What the cashier pays: 'D' and the deposit's id. */
  bizNo: z.string(),
  amount: z.number().int(),
  /** unpaid: go to the cashier; held: already paid, bid away. */
  depositStatus: z.string(),
});

export const auctionJoin = defineCall({
  service: 'exchange',
  call: 'auction/join',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Takes part (缴纳保证金): the buyer checks of an order and where the goods would go; answers the deposit to pay at the cashier (the same one again until the auction ends)',
  request: z.object(joinFields),
  response: auctionJoinResponse,
});

export const h5sdkAuctionJoin = defineCall({
  service: 'exchange',
  call: 'auction/join',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.auctionJoin',
  summary: "auction/join from inside the game: the goods go to the token's account (roles) or role (coins, props)",
  request: z.object({ ...gameTokenFields, ...joinFields }),
  response: auctionJoinResponse,
});

const bidFields = {
  commodityId,
  price: fen('出价'),
  /** The client's idempotency key: the same key answers the same bid. */
  requestKey: z.string().min(8).max(64),
};

export const auctionBid = defineCall({
  service: 'exchange',
  call: 'auction/bid',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'A bid: needs the bidder’s held deposit; at least the start price (first bid) or the current price plus the increment; not by the seller, not after the end; roles in whole yuan; in the last 5 minutes it moves the end 5 minutes later',
  request: z.object(bidFields),
  response: auctionDetailSchema,
});

export const h5sdkAuctionBid = defineCall({
  service: 'exchange',
  call: 'auction/bid',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.auctionBid',
  summary: 'auction/bid from inside the game',
  request: z.object({ ...gameTokenFields, ...bidFields }),
  response: auctionDetailSchema,
});

export const auctionBuyNow = defineCall({
  service: 'exchange',
  call: 'auction/buyNow',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Buy it now (一口价): a bidder with a held deposit wins at the buy-it-now price at once; his order is placed (the deposit applied when he pays) and the other deposits go back',
  request: z.object({ commodityId, requestKey: z.string().min(8).max(64) }),
  response: z.object({ orderId: z.string() }),
});

export const BID_TABS = ['all', 'bidding', 'outbid', 'won', 'ended'] as const;
export type BidTab = (typeof BID_TABS)[number];
export const bidTabLabel: Record<BidTab, string> = {
  all: '全部',
  bidding: '竞拍中',
  outbid: '被超越',
  won: '已中标待付款',
  ended: '已结束',
};

export const myBidSchema = z.object({
  auctionId: z.string(),
  commodityId: z.string(),
  title: z.string(),
  firstImg: z.string(),
  gameName: z.string(),
  serverName: z.string(),
  currentPrice: z.number().int(),
  myPrice: z.number().int().nullable(),
  endTime: z.number().int(),
  /** The bidder's bargain status (flow 'auction') and its words; 11 reads leading or outbid. */
  status: z.number().int(),
  statusLabel: z.string(),
  tab: z.enum(BID_TABS),
  depositAmount: z.number().int(),
  depositBizNo: z.string(),
  depositStatusLabel: z.string(),
  orderId: z.string().nullable(),
});
export type MyBid = z.infer<typeof myBidSchema>;

export const auctionMyBids = defineCall({
  service: 'exchange',
  call: 'auction/myBids',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    'Bid management (竞拍管理): the auctions I took part in, by tab (全部 / 竞拍中 / 被超越 / 已中标待付款 / 已结束)',
  request: z.object({
    tab: z.enum(BID_TABS).default('all'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(myBidSchema), hasMore: z.boolean() }),
});
