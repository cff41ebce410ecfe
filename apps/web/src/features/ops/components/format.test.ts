import { formatDateTime } from '@app/protocol/format';
import { describe, expect, it } from 'vitest';
import { formatSeconds, formatTime } from './format';

describe('console times', () => {
  it('reads seconds as seconds: a request asked on 2026-12-01 shows that day, not 1970/1/21', () => {
    const asked = Date.UTC(2026, 11, 1, 4, 5, 6);
    expect(formatSeconds(asked / 1000)).toBe(formatDateTime(asked));
    expect(formatSeconds(asked / 1000)).toContain('2026/12/1');
    expect(formatSeconds(null)).toBe('—');
    expect(formatTime(asked)).toBe(formatDateTime(asked));
  });
});
