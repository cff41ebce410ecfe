import { isPcScene, LEGACY_PATHS, type Platform, rootPathOfPlatform, type Scene } from '@app/protocol/platform';
import { pagePath } from '../lib/paths';
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

export function runSyncLaunch(): Platform {
  const { pathname, search } = globalThis.location;
  const platform = detectPlatform(search);
  rememberGray(search, document.cookie);
  const target = launchRedirect(pathname, search, platform);
  if (target) globalThis.history.replaceState(null, '', target);
  return platform;
}
