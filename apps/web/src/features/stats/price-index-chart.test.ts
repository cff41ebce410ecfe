import { describe, expect, it } from 'vitest';
import { indexGeometry, indexShapes } from './price-index-chart';

const point = (day: string, p25: number, median: number, p75: number) => ({
  day,
  trades: 3,
  trimmed: 0,
  p25,
  median,
  p75,
});

describe('the 行情 chart', () => {
  it('draws the median inside its band, left to right', () => {
    const points = [point('2026-11-10', 2875, 2950, 3025), point('2026-11-11', 2900, 3003, 3100)];
    const { x, y } = indexGeometry(points, 360);
    expect(x(0)).toBeLessThan(x(1));
    for (const p of points) {
      expect(y(p.p75)).toBeLessThan(y(p.median));
      expect(y(p.median)).toBeLessThan(y(p.p25));
    }
    const { line, band } = indexShapes(points, 360);
    expect(line.split(' ')).toHaveLength(2);
    // The band goes out along P75 and back along P25: four corners, the last at the first day.
    const corners = band.split(' ');
    expect(corners).toHaveLength(4);
    expect(corners[3]?.split(',')[0]).toBe(x(0).toFixed(1));
  });

  it('keeps a flat single day inside the chart', () => {
    const { y, lo, hi } = indexGeometry([point('2026-11-10', 3000, 3000, 3000)], 360);
    expect(lo).toBeLessThan(3000);
    expect(hi).toBeGreaterThan(3000);
    expect(Number.isFinite(y(3000))).toBe(true);
  });
});
