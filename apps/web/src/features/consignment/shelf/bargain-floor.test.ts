import { describe, expect, it } from 'vitest';
import { canSetBargain, readFloor } from './bargain-floor';

describe('readFloor', () => {
  it('takes no floor, or one of at least ¥1 below the price', () => {
    expect(readFloor('', 3_000)).toEqual({ fen: null, error: null });
    expect(readFloor(' 20.5 ', 3_000)).toEqual({ fen: 2_050, error: null });
    expect(readFloor('0.5', 3_000)).toEqual({ error: '底价不能低于1元' });
    expect(readFloor('30', 3_000)).toEqual({ error: '底价需低于售价 ¥30.00' });
    expect(readFloor('1.234', 3_000)).toEqual({ error: '请输入正确的金额，最多两位小数' });
  });
});

describe('canSetBargain', () => {
  it('is for normal listings the seller still manages, never a pre-sale or an auction', () => {
    expect(canSetBargain({ saleType: 0, auctionEnable: 0, actions: ['downShelf'] })).toBe(true);
    expect(canSetBargain({ saleType: 0, auctionEnable: 0, actions: ['onShelf', 'takeBack'] })).toBe(true);
    expect(canSetBargain({ saleType: 1, auctionEnable: 0, actions: ['downShelf'] })).toBe(false);
    expect(canSetBargain({ saleType: 0, auctionEnable: 1, actions: ['downShelf'] })).toBe(false);
    expect(canSetBargain({ saleType: 0, auctionEnable: 0, actions: [] })).toBe(false);
  });
});
