import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalSpec, modalChannel, toastChannel } from '../lib/ui-bus';
import { appVersionOf, checkAppVersionOnLaunch, compareVersions, needsRedownload } from './app-version';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

afterEach(() => vi.unstubAllGlobals());

const oldApp = 'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 Mobile MarketApp/2.9.4';
const newApp = 'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 Mobile MarketApp/3.1.0';

function fakeSession() {
  const kept = new Map<string, string>();
  return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
}

describe('the overly old app on the pre environment', () => {
  it('reads the version from the app web view and compares dotted versions', () => {
    expect(appVersionOf(oldApp)).toBe('2.9.4');
    expect(appVersionOf('Mozilla/5.0 (iPhone) Safari')).toBeNull();
    expect(compareVersions('2.9.4', '3.0.0')).toBe(-1);
    expect(compareVersions('3.0', '3.0.0')).toBe(0);
    expect(compareVersions('3.0.10', '3.0.9')).toBe(1);
  });

  it('is old only for the Android app, with the gray flag, below the minimum', () => {
    expect(needsRedownload('app-android', oldApp, true)).toBe(true);
    expect(needsRedownload('app-android', oldApp, false)).toBe(false);
    expect(needsRedownload('app-android', newApp, true)).toBe(false);
    expect(needsRedownload('h5-android', oldApp, true)).toBe(false);
    // The operator's gate (checkVersion's minPreAppVersion) moves the line.
    expect(needsRedownload('app-android', newApp, true, '99.0.0')).toBe(true);
  });

  it("shows 'redownload' once at launch, and 去下载 opens the site outside the app", () => {
    const open = vi.fn();
    vi.stubGlobal('navigator', { userAgent: oldApp });
    vi.stubGlobal('sessionStorage', fakeSession());
    vi.stubGlobal('location', { origin: 'https://market.example', pathname: '/app/pages/index/index' });
    vi.stubGlobal('open', open);
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    expect(checkAppVersionOnLaunch('app-android', true)).toBe(true);
    expect(checkAppVersionOnLaunch('app-android', true)).toBe(false);
    off();
    expect(shown.map((m) => m.id)).toEqual(['redownload']);
    shown[0]?.buttons.find((b) => b.primary)?.onClick?.();
    expect(open).toHaveBeenCalledWith('https://market.example/web/pages/index/index', '_blank', 'noopener');
  });

  it('says nothing to an up-to-date app or outside the gray flag', () => {
    vi.stubGlobal('sessionStorage', fakeSession());
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    vi.stubGlobal('navigator', { userAgent: newApp });
    expect(checkAppVersionOnLaunch('app-android', true)).toBe(false);
    vi.stubGlobal('navigator', { userAgent: oldApp });
    expect(checkAppVersionOnLaunch('app-android', false)).toBe(false);
    off();
    expect(shown).toEqual([]);
  });
});
