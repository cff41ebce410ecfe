import { isPcScene, LEGACY_PATHS, type Platform, rootPathOfPlatform, type Scene } from '@app/protocol/platform';
import type { QueryClient } from '@tanstack/react-query';
import { userInfoOptions } from '../features/user/api/get-user-info';
import { PAGES, pagePath, paths, SCENE_PAGES } from '../lib/paths';
import { detectPlatform, sceneOfPath } from '../lib/platform';
import { storage } from '../lib/storage';

/**
 * The synchronous part of launch (platform-shell §2): the path the app should be on before
 * anything renders. Answers null when the current path is right.
 */
function launchRedirect(pathname: string, search: string, platform: Platform): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const withQuery = (path: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);
  if (pathname === '/' || pathname === '') return withQuery(rootPathOfPlatform(platform));
  const legacy = LEGACY_PATHS[pathname.replace(/\/$/, '')];
  if (legacy) return withQuery(legacy);
  // A shared h5 product page opened on a PC goes to the web commodity detail with its parameters.
  const params = new URLSearchParams(query);
  const pcPlatform = platform === 'pc-web' || platform === 'web' || platform === 'pc-sdk-web';
  if (pathname === pagePath('h5', 'shareInfo') && params.get('share') === 'share' && pcPlatform) {
    return withQuery(pagePath('web', 'detail'));
  }
  return null;
}

const truthy = (v: string | null) => v !== null && v !== '' && v !== '0' && v !== 'false';

/**
 * The entry parameters of a scene's home (business-flows §2, /app/pages/index/index):
 * prePublishLockId opens the key sale (wxRoleSale when the key's type is 3), needLogin sends a
 * visitor without a session to login and back to the home (needLogin=expiredLogin keeps its
 * wording), fromPage=orderPaymentStatusGroupId is the return from a payment page: the order (or
 * the order list). Answers null when the home is right. The key-sale pages read type themselves.
 */
export function entryRedirect(pathname: string, search: string, hasToken: boolean): string | null {
  const scene = sceneOfPath(pathname);
  if (!scene) return null;
  const params = new URLSearchParams(search);
  if (pathname === SCENE_PAGES.appKeySale && params.get('type') === '3') return `${SCENE_PAGES.appWxKeySale}?${params}`;
  if (pathname !== pagePath(scene, 'home')) return null;
  const lockId = params.get('prePublishLockId');
  if (lockId && scene === 'app') {
    const page = params.get('type') === '3' ? SCENE_PAGES.appWxKeySale : SCENE_PAGES.appKeySale;
    const query = new URLSearchParams({ prePublishLockId: lockId });
    for (const name of ['type', 'needLogin', 'platform'])
      if (params.get(name)) query.set(name, params.get(name) as string);
    return `${page}?${query}`;
  }
  const needLogin = params.get('needLogin');
  if (truthy(needLogin) && !hasToken) {
    if (needLogin === 'expiredLogin') return paths.loginExpired(scene);
    params.delete('needLogin');
    const rest = params.toString();
    return paths.login(scene, `${pathname}${rest ? `?${rest}` : ''}`);
  }
  if (params.get('fromPage') === 'orderPaymentStatusGroupId') {
    const orderId = params.get('orderId');
    return orderId ? paths.orderDetail(scene, orderId, { paid: true }) : paths.orderList(scene);
  }
  return null;
}

/** The login check of launch (platform-shell §4): with a token, not on the IM conversation pages. */
export function needsLoginCheck(pathname: string, hasToken: boolean): boolean {
  if (!hasToken) return false;
  const chats = [PAGES.conversation, PAGES.conversationIos, PAGES.conversationWorkbench];
  return !chats.some((page) => pathname.endsWith(`/pages/${page}`));
}

/**
 * Runs the login check: the user's info, through the request layer, whose expiry codes show the
 * expired-login modal and lead to login (the info seeds the pages' cache too).
 */
export function checkLoginOnLaunch(queryClient: QueryClient): void {
  if (!needsLoginCheck(globalThis.location.pathname, Boolean(storage.get('token')))) return;
  void queryClient.prefetchQuery(userInfoOptions());
}

/** Gray flag from the query or the xEnv cookie, kept as X-Env (business-flows §9). */
function rememberGray(search: string, cookie: string): void {
  const query = new URLSearchParams(search).get('xEnv');
  if (query === 'gray' || /(?:^|;\s*)xEnv=gray/.test(cookie)) storage.set('X-Env', 'gray');
  else if (query === 'normal') storage.remove('X-Env');
}

/** The page zoom of a window (platform-shell §9): 0.85 for PC scenes in windows 500–1500 px wide, else none. */
export function pcZoomOf(scene: Scene | null, width: number): number | null {
  return scene && isPcScene(scene) && width >= 500 && width <= 1500 ? 0.85 : null;
}

/**
 * PC scenes use zoom 0.85 in windows 500–1500 px wide (platform-shell §9). The PC page's bands
 * (header, content, footer: styles/pc.css) are zoomed, not the body: fixed overlays (masks,
 * toasts) keep covering the window. Called on launch, on resize and on every navigation.
 */
export function applyPcZoom(scene: Scene | null = sceneOfPath(globalThis.location.pathname)): void {
  const zoom = pcZoomOf(scene, globalThis.innerWidth);
  const root = document.documentElement;
  root.classList.toggle('pc-zoom', zoom !== null);
  if (zoom === null) root.style.removeProperty('--pc-zoom');
  else root.style.setProperty('--pc-zoom', String(zoom));
}

/** The device model an Android browser names in its user agent ('; ALP-AL00 Build/…'), else ''. */
export function deviceModelOf(userAgent: string): string {
  return /;\s*([^;()]+?)\s+Build\//.exec(userAgent)?.[1]?.trim() ?? '';
}

/** The tab bar's height by device model (platform-shell §9): 91 px on the 16s, 86 px on ALP-AL00, else 60 px. */
export function tabBarHeightOf(model: string): number {
  const m = model.trim().toLowerCase();
  if (m === '16s' || m.endsWith(' 16s')) return 91;
  if (m === 'alp-al00') return 86;
  return 60;
}

/** What the status bar's height is read from: the user agent, the pixel ratio and the screen (CSS px). */
export interface DeviceFacts {
  userAgent: string;
  pixelRatio: number;
  screenWidth: number;
  screenHeight: number;
}

/**
 * The status bar's height in CSS px by device (platform-shell §9, docs/decisions/0039-nav-bar-and-status-bar.md):
 * an iPhone with a notch (long side 812 px or more) 44, an older iPhone 20, an iPad 24; on Android
 * the spec's 60/72/84/96 device pixels of the density class nearest the pixel ratio (2.5×, 3×,
 * 3.5×, 4×: Android's 24 dp bar), over the ratio; a phone neither names 44, the spec's default; a
 * desktop 0 (nothing is drawn over its page).
 */
export function statusBarHeightOf(device: DeviceFacts): number {
  const ua = device.userAgent;
  if (/iPhone|iPod/.test(ua)) return Math.max(device.screenWidth, device.screenHeight) >= 812 ? 44 : 20;
  if (/iPad/.test(ua)) return 24;
  if (/Android/.test(ua)) {
    const ratio = device.pixelRatio > 0 ? device.pixelRatio : 1;
    const devicePx = ratio < 2.75 ? 60 : ratio < 3.25 ? 72 : ratio < 3.75 ? 84 : 96;
    return Math.round(devicePx / Math.max(ratio, 2.5));
  }
  return /Mobile/.test(ua) ? 44 : 0;
}

/** The scene whose pages run under the status bar: the native app's web view (immersive). */
export const STATUS_BAR_SCENES: readonly Scene[] = ['app'];

const deviceFacts = (): DeviceFacts => ({
  userAgent: globalThis.navigator?.userAgent ?? '',
  pixelRatio: globalThis.devicePixelRatio ?? 1,
  screenWidth: globalThis.screen?.width ?? 0,
  screenHeight: globalThis.screen?.height ?? 0,
});

/**
 * The tab bar's height for this device, as --tab-h (the tab bar and the page's room for it), and in
 * the app's web view the status bar's, as --status-h (the nav bar's top padding; a web view that
 * reports its safe area, an iPhone's, gets the larger of the two).
 */
export function applyDeviceBars(scene: Scene | null, device: DeviceFacts = deviceFacts()): void {
  const root = document.documentElement;
  const height = tabBarHeightOf(deviceModelOf(device.userAgent));
  if (height !== 60) root.style.setProperty('--tab-h', `${height}px`);
  const status = scene && STATUS_BAR_SCENES.includes(scene) ? statusBarHeightOf(device) : 0;
  if (status > 0) root.style.setProperty('--status-h', `max(${status}px, env(safe-area-inset-top, 0px))`);
  else root.style.removeProperty('--status-h');
}

export function runSyncLaunch(): Platform {
  const { pathname, search } = globalThis.location;
  const platform = detectPlatform(search);
  rememberGray(search, document.cookie);
  const target = launchRedirect(pathname, search, platform);
  if (target) globalThis.history.replaceState(null, '', target);
  const entry = entryRedirect(globalThis.location.pathname, globalThis.location.search, Boolean(storage.get('token')));
  if (entry) globalThis.history.replaceState(null, '', entry);
  applyDeviceBars(sceneOfPath(globalThis.location.pathname));
  return platform;
}
