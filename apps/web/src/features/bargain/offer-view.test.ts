import type { Offer } from '@app/protocol/calls/bargain';
import type { Deposit } from '@app/protocol/calls/deposit';
import { describe, expect, it } from 'vitest';
import { depositPreview } from './offer-price';
import { deadlineLabel, depositLine, offerActions } from './offer-view';

const deposit = (status: Deposit['status'], amount = 1_000, compensation = 0): Deposit => ({
  bizNo: 'D7',
  amount,
  title: '30000金币',
  purpose: 'bargain',
  refId: '3',
  commodityId: '9',
  status,
  statusLabel: '',
  payBy: 0,
  compensation,
  createTime: 0,
});
const offer = (status: number, viewer: 1 | 2, d: Deposit | null, orderId: string | null = null) =>
  ({ status, viewer, deposit: d, orderId }) as Pick<Offer, 'status' | 'viewer' | 'deposit' | 'orderId'>;

describe('depositPreview', () => {
  const rules = { depositPercent: 5, depositMinFen: 1_000, depositMaxFen: 50_000 };
  it('shows the deposit of a price the server takes: 5 %, at least ¥10, at most ¥500, never half the price', () => {
    expect(depositPreview('25', 3_000, 2, rules)).toEqual({ fen: 1_000, text: '¥10.00' });
    expect(depositPreview('800', 100_000, 2, rules)).toEqual({ fen: 4_000, text: '¥40.00' });
    expect(depositPreview('50000', 10_000_000, 2, rules)).toEqual({ fen: 50_000, text: '¥500.00' });
    expect(depositPreview('15', 2_000, 2, rules)).toEqual({ fen: 750, text: '¥7.50' });
  });
  it('states the rule while nothing valid is typed', () => {
    expect(depositPreview('', 3_000, 2, rules)).toEqual({ fen: null, text: '价格的5%，最低¥10.00，最高¥500.00' });
    expect(depositPreview('30', 3_000, 2, rules).fen).toBeNull();
  });
});

describe('depositLine', () => {
  it("names the deposit's state for the buyer", () => {
    expect(depositLine(offer(11, 1, deposit('held')))).toBe('保证金 ¥10.00 · 冻结中');
    expect(depositLine(offer(53, 1, deposit('returned')))).toBe('保证金 ¥10.00 · 已退回');
    expect(depositLine(offer(61, 1, deposit('applied')))).toBe('保证金 ¥10.00 · 已抵扣货款');
    expect(depositLine(offer(31, 1, deposit('forfeited')))).toBe('保证金 ¥10.00 · 已扣除');
    expect(depositLine(offer(11, 1, null))).toBeNull();
  });
  it("tells the seller of a defaulted proposal his share of the buyer's deposit", () => {
    expect(depositLine(offer(31, 2, deposit('forfeited', 1_000, 800)))).toBe('买家保证金 ¥10.00 · 已获赔付 ¥8.00');
    // The game's own share, as the server reports it.
    expect(depositLine(offer(42, 2, deposit('forfeited', 1_999, 1_000)))).toBe('买家保证金 ¥19.99 · 已获赔付 ¥10.00');
    expect(depositLine(offer(11, 2, deposit('held')))).toBe('买家保证金 ¥10.00 · 冻结中');
  });
});

describe('offerActions and deadlineLabel', () => {
  it('gives each side what it may do now', () => {
    expect(offerActions(offer(1, 1, deposit('unpaid')))).toEqual(['cancel', 'payDeposit']);
    expect(offerActions(offer(1, 2, deposit('unpaid')))).toEqual([]);
    expect(offerActions(offer(11, 1, deposit('held')))).toEqual(['withdraw']);
    expect(offerActions(offer(11, 2, deposit('held')))).toEqual(['refuse', 'agree']);
    expect(offerActions(offer(21, 1, deposit('held'), '88'))).toEqual(['payOrder']);
    // Once he agreed the seller is bound: no 取消成交 (decision 0036).
    expect(offerActions(offer(21, 2, deposit('held'), '88'))).toEqual([]);
    expect(offerActions(offer(61, 1, deposit('applied'), '88'))).toEqual([]);
  });
  it('counts down to what is awaited, in the viewer’s words', () => {
    expect(deadlineLabel({ status: 1, viewer: 1 })).toBe('保证金支付剩余');
    expect(deadlineLabel({ status: 1, viewer: 2 })).toBeNull();
    expect(deadlineLabel({ status: 11, viewer: 2 })).toBe('回应剩余');
    expect(deadlineLabel({ status: 21, viewer: 1 })).toBe('付款剩余');
    expect(deadlineLabel({ status: 53, viewer: 1 })).toBeNull();
  });
});
