import type { TransitionTable } from './transition';

/**
 * Bargain (还价), offer (出价) and bid (拍卖) status, shared codes with wording per flow and viewer
 * (business-flows §4; docs/decisions/0021-deposits.md). 1 is ours: the proposal waits for its
 * deposit, which only the buyer sees. The flows use the codes so:
 * - 还价 (a normal listing): 31 timed out, 32 cancelled after agreeing, 53 refused by the seller,
 *   54 refused at once by the seller's hidden floor.
 * - 出价 (a pre-sale): 41 timed out, 42 cancelled after agreeing, 53 and 54 the same.
 * - 拍卖 (a bidder of an auction): 11 bidding, 21 won and to pay, 56 lost (deposit back), 57 the
 *   winner did not pay (deposit forfeited), 61 paid.
 * 55 ends a proposal whose deposit was never paid; 56 a proposal whose deposit went back. A
 * proposal below the seller's hidden floor is refused (54) when its deposit arrives, never before:
 * probing the floor costs a deposit each time.
 */
export const BargainStatus = {
  AWAITING_DEPOSIT: 1,
  AWAITING_SELLER: 11,
  AGREED: 21,
  BUYER_TIMEOUT: 31,
  BUYER_TIMEOUT_OFFER: 41,
  BUYER_DEFAULTED: 32,
  BUYER_DEFAULTED_OFFER: 42,
  BUYER_CANCELLED: 51,
  SELLER_CANCELLED: 52,
  SELLER_REFUSED: 53,
  SELLER_REFUSED_AT_ONCE: 54,
  SYSTEM_CANCELLED: 55,
  SYSTEM_CANCELLED_REFUNDED: 56,
  BUYER_REFUSED_TO_PAY: 57,
  COMPLETED: 61,
} as const;
export type BargainStatus = (typeof BargainStatus)[keyof typeof BargainStatus];
export type BargainFlow = 'bargain' | 'offer' | 'auction';
export type Viewer = 1 | 2;

type Wording = Record<BargainStatus, string>;

const bargainBuyer: Wording = {
  1: '待支付保证金',
  11: '还价中，等待卖家回应',
  21: '卖家已同意，请在倒计时结束前付款，超时将扣除保证金',
  31: '付款超时，保证金已扣除',
  41: '付款超时，保证金已扣除',
  32: '您已取消订单，保证金已扣除',
  42: '您已取消订单，保证金已扣除',
  51: '您已取消还价，保证金已退回',
  52: '卖家已取消，保证金已退回',
  53: '卖家已拒绝，保证金已退回',
  54: '低于卖家底价，已自动拒绝，保证金已退回',
  55: '保证金未支付，还价已关闭',
  56: '系统已取消，保证金已退回',
  57: '您已拒绝付款，保证金已扣除',
  61: '交易完成',
};

const bargainSeller: Wording = {
  1: '等待买家支付保证金',
  11: '买家还价，请在倒计时内处理',
  21: '已同意，等待买家付款',
  31: '买家付款超时，您已获得保证金赔付',
  41: '买家付款超时，您已获得保证金赔付',
  32: '买家违约取消，您已获得保证金赔付',
  42: '买家违约取消，您已获得保证金赔付',
  51: '买家已取消还价',
  52: '您已取消',
  53: '您已拒绝',
  54: '低于您设置的底价，已自动拒绝',
  55: '还价已关闭',
  56: '系统已取消',
  57: '买家拒绝付款，您已获得保证金赔付',
  61: '交易完成',
};

const offerBuyer: Wording = {
  ...bargainBuyer,
  11: '出价中，等待卖家回应',
  51: '您已撤回出价，保证金已退回',
  55: '保证金未支付，出价已关闭',
};
const offerSeller: Wording = {
  ...bargainSeller,
  11: '买家出价，请在倒计时内处理',
  51: '买家已撤回出价',
  55: '出价已关闭',
};

const auctionBuyer: Wording = {
  ...bargainBuyer,
  1: '待支付保证金',
  11: '竞拍中',
  21: '已中标，请在倒计时结束前付款，超时将扣除保证金',
  55: '保证金未支付，未参与竞拍',
  56: '未中标，保证金已退回',
  57: '中标后未付款，保证金已扣除',
  61: '已付款，交易完成',
};
const auctionSeller: Wording = {
  ...bargainSeller,
  11: '竞拍中',
  21: '已成交，等待买家付款',
  56: '未中标',
  57: '买家中标未付款，您已获得保证金赔付',
};

export const bargainStatusLabel: Record<BargainFlow, Record<Viewer, Wording>> = {
  bargain: { 1: bargainBuyer, 2: bargainSeller },
  offer: { 1: offerBuyer, 2: offerSeller },
  auction: { 1: auctionBuyer, 2: auctionSeller },
};

/** Every move a proposal (or a bidder's place in an auction) can make; each is one guarded update. */
export const bargainTransitions: TransitionTable<BargainStatus> = {
  1: [11, 51, 54, 55, 56],
  11: [21, 51, 53, 56],
  21: [61, 31, 41, 32, 42, 52, 57],
  31: [],
  41: [],
  32: [],
  42: [],
  51: [],
  52: [],
  53: [],
  54: [],
  55: [],
  56: [],
  57: [],
  61: [],
};
