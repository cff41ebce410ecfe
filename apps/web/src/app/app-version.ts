import type { Platform } from '@app/protocol/platform';
import { showRedownloadModal } from '../lib/api/modal-states';
import { paths } from '../lib/paths';

/**
 * The overly old app of platform-shell §8: on the pre environment (the gray flag X-Env, which
 * sends a production user to pre), the Android app below this version cannot use the pages any
 * more and is told to uninstall it and download the latest one (modal state 'redownload'). The
 * version is the operator's (the console's 游戏与规则, checkVersion's minPreAppVersion); this one
 * holds when checkVersion could not be asked.
 */
export const MIN_PRE_APP_VERSION = '3.0.0';

/** The native app's web view names itself MarketApp/<version> in its user agent (lib/platform.ts). */
export function appVersionOf(userAgent: string): string | null {
  return /MarketApp\/(\d+(?:\.\d+)*)/i.exec(userAgent)?.[1] ?? null;
}

/** -1, 0 or 1 as dotted version a is older, equal or newer than b (missing parts count 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The Android app on the pre environment older than the minimum; an app naming no version counts as old. */
export function needsRedownload(
  platform: Platform,
  userAgent: string,
  gray: boolean,
  minVersion = MIN_PRE_APP_VERSION,
): boolean {
  if (platform !== 'app-android' || !gray) return false;
  const version = appVersionOf(userAgent);
  return version === null || compareVersions(version, minVersion) < 0;
}

/**
 * Where the latest app is downloaded: the marketplace's own site (its PC home carries the app's
 * download), opened in the outside browser; the game download info of business-flows §3 is the
 * games', not the marketplace app's.
 */
export function appDownloadUrl(origin: string): string {
  return `${origin}${paths.home('web')}`;
}

const SHOWN_KEY = 'redownloadShown';

/** Shows the redownload prompt once per visit at launch (a relaunch does not repeat it). */
export function checkAppVersionOnLaunch(platform: Platform, gray: boolean, minVersion = MIN_PRE_APP_VERSION): boolean {
  if (!needsRedownload(platform, globalThis.navigator?.userAgent ?? '', gray, minVersion)) return false;
  try {
    if (globalThis.sessionStorage?.getItem(SHOWN_KEY)) return false;
    globalThis.sessionStorage?.setItem(SHOWN_KEY, '1');
  } catch {
    // Without session storage the prompt shows on each launch.
  }
  showRedownloadModal(appDownloadUrl(globalThis.location.origin));
  return true;
}
