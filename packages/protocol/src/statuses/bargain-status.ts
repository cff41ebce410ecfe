import type { TransitionTable } from './transition';

/** Bargain (还价) and bid/offer (出价) status, shared codes with wording per flow and viewer. */
export const BargainStatus = {
  AWAITING_SELLER: 11,
  AGREED: 21,
  BUYER_TIMEOUT: 31,
  BUYER_TIMEOUT_OFFER: 41,
  BUYER_DEFAULTED: 32,
  BUYER_DEFAULTED_OFFER: 42,
  BUYER_CANCELLED: 51,
  SELLER_CANCELLED: 52,
  SELLER_REFUSED: 53,
  SELLER_REFUSED_2: 54,
  SYSTEM_CANCELLED: 55,
  SYSTEM_CANCELLED_REFUNDED: 56,
  BUYER_REFUSED_TO_PAY: 57,
  COMPLETED: 61,
} as const;
export type BargainStatus = (typeof BargainStatus)[keyof typeof BargainStatus];
export type BargainFlow = 'bargain' | 'offer';
export type Viewer = 1 | 2;

type Wording = Record<BargainStatus, string>;

const bargainBuyer: Wording = {
  11: '还价中，等待卖家回应',
  21: '卖家已同意，请在倒计时结束前付款，超时将扣除保证金',
  31: '付款超时，保证金已扣除',
  41: '付款超时，保证金已扣除',
  32: '您已取消，保证金已扣除',
  42: '您已取消，保证金已扣除',
  51: '您已取消还价，保证金已退回',
  52: '卖家已取消',
  53: '卖家已拒绝，保证金已退回',
  54: '卖家已拒绝，保证金已退回',
  55: '系统已取消',
  56: '系统已取消，保证金已退回',
  57: '您已拒绝付款',
  61: '交易完成',
};

const bargainSeller: Wording = {
  11: '买家还价，请在倒计时内处理',
  21: '已同意，等待买家付款',
  31: '买家付款超时，您已获得赔付',
  41: '买家付款超时，您已获得赔付',
  32: '买家违约取消，您已获得赔付',
  42: '买家违约取消，您已获得赔付',
  51: '买家已取消还价',
  52: '您已取消',
  53: '您已拒绝',
  54: '您已拒绝',
  55: '系统已取消',
  56: '系统已取消',
  57: '买家拒绝付款',
  61: '交易完成',
};

/**
 * The offer flow (出价) takes no deposit (calls/bargain.ts): agreeing places the buyer's order,
 * which they pay or let lapse; its wording says so. Codes it never reaches keep neutral words.
 */
const offerBuyer: Wording = {
  ...bargainBuyer,
  11: '出价中，等待卖家回应',
  21: '卖家已同意，请在倒计时结束前付款',
  31: '付款超时，出价已失效',
  41: '付款超时，出价已失效',
  32: '您已取消订单，出价已失效',
  42: '您已取消订单，出价已失效',
  51: '您已撤回出价',
  53: '卖家已拒绝',
  54: '卖家已拒绝',
  55: '出价已失效',
  56: '出价已失效',
  57: '您已取消订单，出价已失效',
};
const offerSeller: Wording = {
  ...bargainSeller,
  11: '买家出价，请在倒计时内处理',
  21: '已同意，等待买家付款',
  31: '买家付款超时，商品已恢复在售',
  41: '买家付款超时，商品已恢复在售',
  32: '买家取消了订单，商品已恢复在售',
  42: '买家取消了订单，商品已恢复在售',
  51: '买家已撤回出价',
  55: '出价已失效',
  56: '出价已失效',
  57: '买家取消了订单，商品已恢复在售',
};

export const bargainStatusLabel: Record<BargainFlow, Record<Viewer, Wording>> = {
  bargain: { 1: bargainBuyer, 2: bargainSeller },
  offer: { 1: offerBuyer, 2: offerSeller },
};

export const bargainTransitions: TransitionTable<BargainStatus> = {
  11: [21, 51, 52, 53, 54, 55, 56],
  21: [61, 31, 41, 32, 42, 55, 56, 57],
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
