import { describe, expect, it } from 'vitest';
import { bidCommitment, buyNowCommitment } from './auction-commitments';

describe('what a bid and 一口价 commit to, said in their confirm', () => {
  it('names the price, that a bid cannot be taken back, and the deposit at risk', () => {
    expect(bidCommitment({ depositAmount: 50_000 }, 1_200_000)).toBe(
      '出价 ¥12,000.00 后不可撤回。若最终中标，须在120分钟内付款（保证金 ¥500.00 抵扣货款），超时或取消将扣除保证金 ¥500.00。',
    );
  });

  it('says 一口价 ends the auction, what is left to pay, and the deposit lost if unpaid', () => {
    expect(buyNowCommitment({ depositAmount: 100_000 }, 2_108_800)).toBe(
      '拍卖将立即结束并为您下单：保证金 ¥1,000.00 抵扣货款，请在120分钟内支付剩余 ¥20,088.00；超时或取消订单将扣除保证金 ¥1,000.00。',
    );
  });
});
