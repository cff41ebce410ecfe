import { describe, expect, it } from 'vitest';
import { bidHold, checkBid, wholeWan, yuanToFen } from './bid-book-logic';

describe('bid book logic', () => {
  it('reads prices in yuan and quantities in whole 万', () => {
    expect(yuanToFen('1.85')).toBe(185);
    expect(yuanToFen('2')).toBe(200);
    expect(yuanToFen('0')).toBeNull();
    expect(yuanToFen('1.855')).toBeNull();
    expect(wholeWan('30')).toBe(300_000);
    expect(wholeWan('2.5')).toBeNull();
    expect(wholeWan('0')).toBeNull();
    expect(bidHold(300_000, 185)).toBe(5_550);
  });

  it('checks a bid with the server’s words', () => {
    const bounds = { minQuantity: 20_000, maxQuantity: 1_000_000 };
    expect(checkBid({ priceYuan: 'x', wan: '3', role: 'a|r' }, bounds)).toEqual({
      ok: false,
      problem: '请输入单价（元/万，最多2位小数）',
    });
    expect(checkBid({ priceYuan: '2', wan: '1', role: 'a|r' }, bounds)).toEqual({
      ok: false,
      problem: '求购数量最少20000',
    });
    expect(checkBid({ priceYuan: '2', wan: '200', role: 'a|r' }, bounds)).toEqual({
      ok: false,
      problem: '求购数量最多1000000',
    });
    expect(checkBid({ priceYuan: '2', wan: '3', role: '' }, bounds)).toEqual({ ok: false, problem: '请选择收货角色' });
    expect(checkBid({ priceYuan: '2.5', wan: '3', role: 'a|r' }, bounds)).toEqual({
      ok: true,
      unitPrice: 250,
      quantity: 30_000,
    });
  });
});
