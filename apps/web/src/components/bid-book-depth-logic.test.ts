import { describe, expect, it } from 'vitest';
import { depthBars } from './bid-book-depth-logic';

describe('the bid book depth', () => {
  it('sizes depth bars against the largest level of both sides', () => {
    const bars = depthBars(
      [{ unitPrice: 200, quantity: 50_000, count: 1 }],
      [
        { unitPrice: 210, quantity: 100_000, count: 2 },
        { unitPrice: 220, quantity: 1_000, count: 1 },
      ],
    );
    expect(bars).toEqual({ bids: [50], asks: [100, 4] });
  });
});
