import { describe, expect, it } from 'vitest';
import { backTarget, isDoubleTap } from './nav-bar';

describe('the back arrow', () => {
  it('goes back within the visit', () => {
    expect(backTarget('k3x9a2', '/h5/pages/commodityDetail/index')).toBe(-1);
  });

  it("goes to the scene's home from the page the visit opened on (a shared link)", () => {
    expect(backTarget('default', '/h5/pages/productNew/info')).toBe('/h5/pages/index/index');
    expect(backTarget('default', '/app/pages/commodityDetail/index')).toBe('/app/pages/index/index');
    expect(backTarget('default', '/h5sdk/pages/commodityDetail/index')).toBe('/h5sdk/pages/commodityList/list');
  });
});

describe('the title', () => {
  it('knows a double tap: a second tap within 300 ms', () => {
    expect(isDoubleTap(1_000, 1_300)).toBe(true);
    expect(isDoubleTap(1_000, 1_301)).toBe(false);
    expect(isDoubleTap(0, 200)).toBe(false);
  });
});
