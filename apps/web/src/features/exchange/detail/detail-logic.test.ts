import { describe, expect, it } from 'vitest';
import { chartGeometry } from './coin-price-chart';
import { priceVerdict } from './fair-price-band';
import { formatDate } from './format-date';
import { isLocked } from './lock-notice';

describe('detail logic', () => {
  it('is locked only until lockUntil (unix seconds)', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isLocked(null, now)).toBe(false);
    expect(isLocked(now / 1000 + 60, now)).toBe(true);
    expect(isLocked(now / 1000 - 1, now)).toBe(false);
  });

  it('places a price against the fair band', () => {
    const band = { count: 5, p25: 1000, median: 1500, p75: 2000 };
    expect(priceVerdict(999, band).tone).toBe('low');
    expect(priceVerdict(1500, band).tone).toBe('fair');
    expect(priceVerdict(2001, band).tone).toBe('high');
  });

  it('scales the coin chart so every point and the marker fit inside the plot', () => {
    const points = [
      { day: '2026-01-01', avgPerWan: 200, minPerWan: 180, maxPerWan: 220 },
      { day: '2026-01-02', avgPerWan: 250, minPerWan: 240, maxPerWan: 260 },
    ];
    const { x, y, lo, hi } = chartGeometry(points, 300);
    expect(lo).toBeLessThanOrEqual(180);
    expect(hi).toBeGreaterThanOrEqual(300);
    expect(x(0)).toBeLessThan(x(1));
    expect(y(300)).toBeLessThan(y(180));
    expect(y(hi)).toBeCloseTo(12);
    // One day, or a flat line, still draws.
    const flat = chartGeometry([points[0]!], null);
    expect(Number.isFinite(flat.y(200))).toBe(true);
  });

  it('formats dates in China time', () => {
    expect(formatDate(Date.UTC(2025, 11, 31, 17) / 1000)).toBe('2026-01-01');
  });
});
