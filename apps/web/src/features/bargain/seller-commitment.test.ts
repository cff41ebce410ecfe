import { OFFER_PAY_MINUTES } from '@app/protocol/calls/bargain';
import { describe, expect, it } from 'vitest';
import { sellerBound, sellerCommitment } from './seller-commitment';

describe('the seller’s commitment beside 同意', () => {
  it('names the proposal and the payment window, says he cannot cancel, and what he gets when the buyer backs out', () => {
    expect(sellerCommitment('bargain')).toBe(
      `同意即承诺按该还价成交：商品为买家锁定${OFFER_PAY_MINUTES}分钟，期间您不能取消；买家未按时付款或取消订单，保证金部分赔付给您。`,
    );
    expect(sellerCommitment('offer')).toContain('按该出价成交');
    // Nothing promises him a way out any more (decision 0036).
    expect(sellerCommitment('bargain')).not.toContain('取消成交');
    expect(sellerCommitment('bargain')).not.toContain('全额退回');
  });

  it('on his agreed card, says what the server answers if he tries to withdraw', () => {
    expect(sellerBound('bargain')).toBe(
      '您已同意该还价，买家付款期限内不能取消；买家超时未付款，订单将自动关闭，保证金部分赔付给您',
    );
    expect(sellerBound('offer')).toContain('您已同意该出价');
  });
});
