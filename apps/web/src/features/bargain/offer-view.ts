import { OFFER_PAY_MINUTES, type Offer } from '@app/protocol/calls/bargain';
import { formatPriceFen } from '@app/protocol/format';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { flowNoun } from './offer-price';

/** The deposit's state on a card, in the marketplace's words. */
const depositWord = {
  unpaid: '待支付',
  held: '冻结中',
  returned: '已退回',
  applied: '已抵扣货款',
  forfeited: '已扣除',
  lapsed: '已关闭',
} as const;

/** Where the buyer's deposit was forfeited into the seller's compensation. */
const COMPENSATED: readonly number[] = [
  BargainStatus.BUYER_TIMEOUT,
  BargainStatus.BUYER_TIMEOUT_OFFER,
  BargainStatus.BUYER_DEFAULTED,
  BargainStatus.BUYER_DEFAULTED_OFFER,
  BargainStatus.BUYER_REFUSED_TO_PAY,
];

/**
 * The deposit line of a card: its amount and state (冻结中 / 已退回 / 已抵扣货款 / 已扣除); for
 * the seller of a proposal the buyer defaulted on, what he was paid of it (已获赔付, the game's
 * seller share the server reports: docs/decisions/0021-deposits.md). Null without a deposit.
 */
export function depositLine(offer: Pick<Offer, 'deposit' | 'status' | 'viewer'>): string | null {
  const d = offer.deposit;
  if (!d) return null;
  const head = `${offer.viewer === 1 ? '保证金' : '买家保证金'} ${formatPriceFen(d.amount)}`;
  if (offer.viewer === 2 && d.status === 'forfeited' && COMPENSATED.includes(offer.status))
    return `${head} · 已获赔付 ${formatPriceFen(d.compensation)}`;
  return `${head} · ${depositWord[d.status]}`;
}

/** What the countdown of a live proposal counts down to, in the viewer's words; null when nothing is counted. */
export function deadlineLabel(offer: Pick<Offer, 'status' | 'viewer'>): string | null {
  const buyer = offer.viewer === 1;
  switch (offer.status) {
    case BargainStatus.AWAITING_DEPOSIT:
      return buyer ? '保证金支付剩余' : null;
    case BargainStatus.AWAITING_SELLER:
      return buyer ? '卖家回应剩余' : '回应剩余';
    case BargainStatus.AGREED:
      return buyer ? '付款剩余' : '买家付款剩余';
    default:
      return null;
  }
}

export type OfferAction = 'payDeposit' | 'cancel' | 'withdraw' | 'payOrder' | 'agree' | 'refuse';

/** What the viewer can do with a proposal now; a seller who agreed can do nothing but wait (decision 0036). */
export function offerActions(offer: Pick<Offer, 'status' | 'viewer' | 'deposit' | 'orderId'>): OfferAction[] {
  const buyer = offer.viewer === 1;
  switch (offer.status) {
    case BargainStatus.AWAITING_DEPOSIT:
      return buyer ? (offer.deposit?.status === 'unpaid' ? ['cancel', 'payDeposit'] : ['cancel']) : [];
    case BargainStatus.AWAITING_SELLER:
      return buyer ? ['withdraw'] : ['refuse', 'agree'];
    case BargainStatus.AGREED:
      return buyer && offer.orderId ? ['payOrder'] : [];
    default:
      return [];
  }
}

/** The list page's words per side. */
export const listWords = {
  1: {
    title: '我的还价/出价',
    empty: '还没有还价或出价',
    hint: '在商品详情点「还价」或「出价」并支付保证金，卖家同意后按该价格付款',
  },
  2: {
    title: '收到的还价/出价',
    empty: '还没有收到还价或出价',
    hint: '买家对您在售的商品还价或出价后，会显示在这里',
  },
} as const;

/** The confirm dialogs of a card's actions. */
export function askWords(flow: Offer['flow'], action: 'cancel' | 'withdraw' | 'agree' | 'refuse') {
  const noun = flowNoun(flow);
  return {
    cancel: { title: `取消${noun}`, content: `确定取消这次${noun}吗？`, ok: '确定', done: `已取消${noun}` },
    withdraw: {
      title: `撤回${noun}`,
      content: `确定撤回这次${noun}吗？保证金将原路退还。`,
      ok: '撤回',
      done: `已撤回${noun}，保证金已退回`,
    },
    agree: {
      title: `同意${noun}`,
      content: `同意后将为买家锁定该商品，买家需在${OFFER_PAY_MINUTES}分钟内付款，期间您不能取消`,
      ok: '同意',
      done: '已同意，等待买家付款',
    },
    refuse: { title: `拒绝${noun}`, content: '', ok: '拒绝', done: `已拒绝该${noun}` },
  }[action];
}
