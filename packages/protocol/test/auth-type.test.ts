import { describe, expect, it } from 'vitest';
import { AuthType, realNameVersion } from '../src/auth-type';

describe('realNameVersion', () => {
  it('maps the game config authType to the real-name dialog’s version', () => {
    expect(realNameVersion(AuthType.PHOTOS)).toBe('photos');
    expect(realNameVersion(AuthType.NUMBER)).toBe('number');
    expect(realNameVersion(AuthType.SWITCHABLE)).toBe('switchable');
  });

  it('offers both ways for an unknown value or before the config is read', () => {
    expect(realNameVersion(0)).toBe('switchable');
    expect(realNameVersion(9)).toBe('switchable');
    expect(realNameVersion(undefined)).toBe('switchable');
  });
});
