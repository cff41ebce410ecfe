import { describe, expect, it } from 'vitest';
import { lowestOffer, readOfferPrice } from './offer-price';

describe('readOfferPrice', () => {
  it('takes a price below the listed one and at least half of it, in fen', () => {
    expect(readOfferPrice('25', 3_000, 2)).toEqual({ fen: 2_500, error: null });
    expect(readOfferPrice(' 15.5 ', 3_000, 2)).toEqual({ fen: 1_550, error: null });
    expect(readOfferPrice('15.05', 3_000, 3)).toEqual({ fen: 1_505, error: null });
    expect(readOfferPrice('15', 3_000, 2)).toEqual({ fen: 1_500, error: null });
  });

  it('refuses with a zh-CN message', () => {
    expect(readOfferPrice('', 3_000, 2).error).toBe('请输入出价金额');
    expect(readOfferPrice('abc', 3_000, 2).error).toBe('请输入正确的金额，最多两位小数');
    expect(readOfferPrice('1.234', 3_000, 2).error).toBe('请输入正确的金额，最多两位小数');
    expect(readOfferPrice('-5', 3_000, 2).error).toBe('请输入正确的金额，最多两位小数');
    expect(readOfferPrice('30', 3_000, 2).error).toBe('出价需低于售价 ¥30.00');
    expect(readOfferPrice('14.99', 3_000, 2).error).toBe('出价不能低于售价的50%（¥15.00）');
    expect(readOfferPrice('150.5', 20_000, 1).error).toBe('角色出价需为整数元');
    expect(readOfferPrice('150', 20_000, 1)).toEqual({ fen: 15_000, error: null });
  });

  it('speaks of 还价 on a normal listing', () => {
    expect(readOfferPrice('', 3_000, 2, '还价').error).toBe('请输入还价金额');
    expect(readOfferPrice('10', 3_000, 2, '还价').error).toBe('还价不能低于售价的50%（¥15.00）');
    expect(readOfferPrice('30', 3_000, 2, '还价').error).toBe('还价需低于售价 ¥30.00');
  });

  it('rounds the lowest offer up and never under ¥1', () => {
    expect(lowestOffer(3_001)).toBe(1_501);
    expect(lowestOffer(150)).toBe(100);
  });
});
