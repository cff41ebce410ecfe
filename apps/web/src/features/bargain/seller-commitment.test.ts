import { OFFER_PAY_MINUTES } from '@app/protocol/calls/bargain';
import { describe, expect, it } from 'vitest';
import { sellerCommitment } from './seller-commitment';

describe('the seller’s commitment beside 同意', () => {
  it('names the proposal, the payment window and what each side gets when the other backs out', () => {
    expect(sellerCommitment('bargain')).toBe(
      `同意后商品按该还价为买家锁定${OFFER_PAY_MINUTES}分钟：买家未按时付款或取消，保证金部分赔付给您；您在买家付款前取消成交，保证金全额退回买家。`,
    );
    expect(sellerCommitment('offer')).toContain('按该出价为买家锁定');
  });
});
