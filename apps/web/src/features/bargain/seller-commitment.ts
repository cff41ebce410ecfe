import { OFFER_PAY_MINUTES, type Offer, sellerBoundText } from '@app/protocol/calls/bargain';
import { flowNoun } from './offer-price';

/**
 * What the seller commits to when he agrees to a 还价 / 出价, in his words (docs/decisions/0036:
 * once he agrees he is bound); the buyer's side is in the offer dialog. Shown beside 同意.
 */
export function sellerCommitment(flow: Offer['flow']): string {
  return `同意即承诺按该${flowNoun(flow)}成交：商品为买家锁定${OFFER_PAY_MINUTES}分钟，期间您不能取消；买家未按时付款或取消订单，保证金部分赔付给您。`;
}

/** What binds him once he agreed, on his agreed card: the server's own refusal of a withdrawal. */
export function sellerBound(flow: Offer['flow']): string {
  return sellerBoundText(flowNoun(flow));
}
