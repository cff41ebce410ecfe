import { describe, expect, it } from 'vitest';
import { countdownView, formatClock } from './nav-countdown';

describe('the nav-bar countdown', () => {
  it('reads hours:minutes:seconds, hours never wrapped', () => {
    expect(formatClock(14 * 60 + 59)).toBe('00:14:59');
    expect(formatClock(3600)).toBe('01:00:00');
    expect(formatClock(72 * 3600)).toBe('72:00:00');
    expect(formatClock(625 * 60 + 54)).toBe('10:25:54');
    expect(formatClock(-5)).toBe('00:00:00');
  });

  const deadline = { until: 1_800_000_900, label: '剩余支付', ended: '支付已超时' };

  it("counts down to the server's deadline", () => {
    expect(countdownView(deadline, 1_800_000_000_000)).toEqual({ text: '00:15:00', ended: false });
    expect(countdownView(deadline, 1_800_000_899_999)).toEqual({ text: '00:00:01', ended: false });
  });

  it("says the page's words once the deadline passed, not 00:00:00", () => {
    expect(countdownView(deadline, 1_800_000_900_000)).toEqual({ text: '支付已超时', ended: true });
    expect(countdownView(deadline, 1_900_000_000_000)).toEqual({ text: '支付已超时', ended: true });
  });
});
