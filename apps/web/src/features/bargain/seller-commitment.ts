import { OFFER_PAY_MINUTES, type Offer } from '@app/protocol/calls/bargain';
import { flowNoun } from './offer-price';

/**
 * What the seller commits to when he agrees to a 还价 / 出价, in his words (docs/decisions: what
 * each side risks): the buyer's side is in the offer dialog. Shown beside 同意.
 */
export function sellerCommitment(flow: Offer['flow']): string {
  return `同意后商品按该${flowNoun(flow)}为买家锁定${OFFER_PAY_MINUTES}分钟：买家未按时付款或取消，保证金部分赔付给您；您在买家付款前取消成交，保证金全额退回买家。`;
}
