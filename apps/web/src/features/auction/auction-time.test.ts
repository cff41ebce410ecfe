import { describe, expect, it } from 'vitest';
import { formatLeft, secondsLeft } from './auction-time';

describe('the auction countdown', () => {
  it('counts by the server clock and formats days, hours, minutes and seconds', () => {
    expect(secondsLeft(1_000, 900, 5_000, 15_000)).toBe(90);
    expect(secondsLeft(1_000, 900, 5_000, 500_000)).toBe(0);
    expect(formatLeft(0)).toBe('已结束');
    expect(formatLeft(65)).toBe('01:05');
    expect(formatLeft(86_400 + 3_661)).toBe('1天 01:01:01');
  });
});
