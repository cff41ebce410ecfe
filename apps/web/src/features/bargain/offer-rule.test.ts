import { OFFER_ANSWER_HOURS, OFFER_MIN_PERCENT, OFFER_PAY_MINUTES } from '@app/protocol/calls/bargain';
import { DEPOSIT_PAY_MINUTES } from '@app/protocol/calls/deposit';
import { describe, expect, it } from 'vitest';
import { buyerRulePoints, OFFER_RULE } from './offer-rule';

describe('the 还价/出价 rule text', () => {
  it("states the contract's times and bounds, and both sides' rules", () => {
    const text = OFFER_RULE.points.join('\n');
    expect(text).toContain(`${DEPOSIT_PAY_MINUTES}分钟内支付保证金`);
    expect(text).toContain(`${OFFER_ANSWER_HOURS}小时内处理`);
    expect(text).toContain(`${OFFER_PAY_MINUTES}分钟内付款`);
    expect(text).toContain(`${OFFER_MIN_PERCENT}%`);
    expect(text).toContain('卖家：同意即承诺按该还价成交');
    expect(text).toContain('期间您不能取消');
  });

  it("words the buyer's points with the flow the dialog is for", () => {
    expect(buyerRulePoints('出价')[0]).toContain('支付后出价才会发送给卖家');
  });
});
