import { OFFER_ANSWER_HOURS, OFFER_MIN_PERCENT, OFFER_PAY_MINUTES } from '@app/protocol/calls/bargain';
import { DEPOSIT_PAY_MINUTES } from '@app/protocol/calls/deposit';
import type { PageRule } from '../../components/nav-bar';
import { sellerCommitment } from './seller-commitment';

/** The buyer's side of a 还价 / 出价, as the offer dialog lists it where he commits. */
export const buyerRulePoints = (noun: string): string[] => [
  `提交后请在${DEPOSIT_PAY_MINUTES}分钟内支付保证金，支付后${noun}才会发送给卖家。`,
  `卖家需在${OFFER_ANSWER_HOURS}小时内处理；卖家拒绝、超时未处理或您撤回时，保证金原路退还。`,
  `卖家同意后商品为您锁定，请在${OFFER_PAY_MINUTES}分钟内付款，付款时保证金抵扣货款。`,
  '同意后未按时付款或取消订单将扣除保证金，其中部分赔付卖家。',
];

/** 还价/出价规则: the nav bar's rule icon on 我的还价/出价 and 收到的还价/出价, both sides' rules. */
export const OFFER_RULE: PageRule = {
  title: '还价/出价规则',
  points: [
    `还价、出价须低于售价，且不低于售价的${OFFER_MIN_PERCENT}%。`,
    ...buyerRulePoints('还价/出价'),
    `卖家：${sellerCommitment('bargain')}`,
  ],
};
