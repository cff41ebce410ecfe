import { describe, expect, it } from 'vitest';
import { bandText, farFromBand, farText, unitPerWan } from './price-reference';

const band = { count: 12, p25: 5_700, median: 6_500, p75: 8_600 };

describe('the sell form against the market’s reference band', () => {
  it('reads a coin lot as a price per 10,000', () => {
    expect(unitPerWan(160, 1_000_000)).toBe(2);
    expect(unitPerWan(1_550, 1_000_000)).toBe(16);
    expect(unitPerWan(6_500, 10_000)).toBe(6_500);
    expect(unitPerWan(null, 10_000)).toBeNull();
    expect(unitPerWan(100, 0)).toBeNull();
  });

  it('warns far below half the band or above twice it, not near it, nor without a band', () => {
    // ¥1.60 for 10,000 when the market trades at ¥57–86/万.
    expect(farFromBand(160, band)).toBe('low');
    expect(farFromBand(2_849, band)).toBe('low');
    expect(farFromBand(2_850, band)).toBeNull();
    expect(farFromBand(5_000, band)).toBeNull();
    expect(farFromBand(17_200, band)).toBeNull();
    expect(farFromBand(17_201, band)).toBe('high');
    expect(farFromBand(160, null)).toBeNull();
    expect(farFromBand(null, band)).toBeNull();
  });

  it('says the band and the warning in zh-CN', () => {
    expect(bandText(band, true, 30)).toBe('市场参考 ¥57.00–¥86.00/万（近30天 12 笔成交）');
    expect(farText('low', 160, band, true)).toBe(
      '您的单价 ¥1.60/万，远低于市场参考价（¥57.00–¥86.00/万），成交后无法追回差价',
    );
    expect(farText('high', 2_000_000, { ...band, p25: 300_000, p75: 450_000 }, false)).toBe(
      '您的售价 ¥20,000.00，远高于市场参考价（¥3,000.00–¥4,500.00），可能难以成交',
    );
  });
});
