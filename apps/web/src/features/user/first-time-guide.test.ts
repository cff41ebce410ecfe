import { describe, expect, it } from 'vitest';
import { shouldGuide } from './first-time-guide';

describe('shouldGuide', () => {
  it('shows on the first login of a device that never showed it', () => {
    expect(shouldGuide(null, 1)).toBe(true);
    expect(shouldGuide(null, 0)).toBe(true);
    expect(shouldGuide(null, '1')).toBe(true);
  });
  it('never again once this device showed it', () => {
    expect(shouldGuide('guided', 1)).toBe(false);
  });
  it('not after the first login, nor when the host answers nonsense', () => {
    expect(shouldGuide(null, 2)).toBe(false);
    expect(shouldGuide(null, 'x')).toBe(false);
    expect(shouldGuide(null, undefined)).toBe(false);
  });
});
