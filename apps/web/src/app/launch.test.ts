import { describe, expect, it } from 'vitest';
import { pcZoomOf } from './launch';

describe('PC zoom (platform-shell §9)', () => {
  it('is 0.85 in every PC scene for windows 500 to 1500 px wide', () => {
    for (const scene of ['web', 'webpc', 'h5pc', 'websdk'] as const) {
      expect(pcZoomOf(scene, 500)).toBe(0.85);
      expect(pcZoomOf(scene, 1440)).toBe(0.85);
      expect(pcZoomOf(scene, 1500)).toBe(0.85);
    }
  });
  it('is none outside 500 to 1500 px and in the phone and app scenes', () => {
    expect(pcZoomOf('web', 499)).toBeNull();
    expect(pcZoomOf('web', 1501)).toBeNull();
    expect(pcZoomOf('web', 1920)).toBeNull();
    for (const scene of ['h5', 'app', 'h5sdk', 'landsdk', 'h5wx'] as const) expect(pcZoomOf(scene, 1440)).toBeNull();
    expect(pcZoomOf(null, 1440)).toBeNull();
  });
});
