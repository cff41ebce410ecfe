import { isPlatform, isScene, type Platform, type Scene } from '@app/protocol/platform';
import { storage } from './storage';

/**
 * Which of the 14 platforms we run on: an explicit `platform` query parameter (kept for the
 * session), a native bridge object, then the user agent.
 */
export function detectPlatform(
  search: string = globalThis.location?.search ?? '',
  ua: string = globalThis.navigator?.userAgent ?? '',
): Platform {
  const fromQuery = new URLSearchParams(search).get('platform');
  if (isPlatform(fromQuery)) {
    storage.set('platform', fromQuery);
    return fromQuery;
  }
  const kept = storage.get('platform');
  if (isPlatform(kept)) return kept;
  const bridge = globalThis as { GameBridge?: unknown; webkit?: { messageHandlers?: { GameBridge?: unknown } } };
  const ios = /iPhone|iPad|iPod/i.test(ua);
  const mobile = ios || /Android|Mobile/i.test(ua);
  if (bridge.GameBridge || bridge.webkit?.messageHandlers?.GameBridge) return ios ? 'h5-sdk-ios' : 'h5-sdk-android';
  if (/MicroMessenger/i.test(ua) && /GameSDK/i.test(ua)) return 'h5-sdk-wx';
  if (/MarketApp/i.test(ua)) return ios ? 'app-ios' : 'app-android';
  if (mobile) return ios ? 'h5-ios' : 'h5-android';
  return 'pc-web';
}

/** The scene of a path: its first segment when it is one of the nine prefixes. */
export function sceneOfPath(pathname: string): Scene | null {
  const first = pathname.split('/')[1];
  return isScene(first) ? first : null;
}

/** Paths any scene may open (platform-shell §2, navigation guard allow-list). */
const GUARD_ALLOW_LIST = ['/choose-location', '/open-location', '/agreements/'];

export function isNavigationAllowed(scene: Scene | null, pathname: string): boolean {
  if (!scene) return true;
  if (pathname.startsWith(`/${scene}/pages/`) || pathname === `/${scene}`) return true;
  return GUARD_ALLOW_LIST.some((prefix) => pathname.startsWith(prefix));
}
