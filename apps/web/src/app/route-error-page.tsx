import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { MobileLayout } from '../components/mobile-layout';
import { PcLayout } from '../components/pc-layout';
import { isChunkLoadError, mayReloadFor, reloadOnceFor } from '../lib/chunk-reload';
import { copy } from '../lib/copy';
import { paths, SCENE_PAGES } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';
import { showToast } from '../lib/ui-bus';

const offline = () => globalThis.navigator?.onLine === false;

/**
 * The error element of every route, instead of React Router's English "Unexpected Application
 * Error": 重试 renders the route again (a page whose code failed to load reloads the document) and
 * 返回首页 leads to the scene's home. A page whose code failed to load (offline, or a deploy removed
 * the chunk names this tab knows) reloads once by itself; only a second failure shows this page.
 * Offline it never reloads (the browser would show its own offline page instead of the app's):
 * the page shows at once, and 重试 says 网络异常 until the network is back.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const address = `${location.pathname}${location.search}`;
  const chunk = isChunkLoadError(error);
  // The first failure at this address reloads (from an effect, never while rendering) and shows nothing meanwhile.
  const reloading = chunk && !offline() && mayReloadFor(address);
  useEffect(() => {
    if (reloading) reloadOnceFor(address);
  }, [reloading, address]);
  if (reloading) return null;

  const scene = sceneOfPath(location.pathname);
  const ops = location.pathname.startsWith(SCENE_PAGES.ops);
  const home = ops ? SCENE_PAGES.ops : paths.sceneHome(scene ?? 'h5');
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = chunk ? '页面加载失败' : missing ? copy.notFound : '页面出错了';
  const hint = chunk ? '网络不稳定或版本已更新，请重试' : '请稍后重试，或返回首页';
  const retry = () => {
    if (offline()) return showToast(copy.networkError, 3000);
    // React keeps a failed lazy import failed: only a new document loads the page's code again.
    if (chunk) globalThis.location.reload();
    else navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  };
  const body = (
    <div data-testid="route-error" data-kind={chunk ? 'chunk' : 'render'}>
      <EmptyState
        title={title}
        hint={hint}
        art={missing ? 'missing' : 'error'}
        action={
          <div style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 12 }}>
            <button type="button" className="btn btn-primary btn-sm" onClick={retry} data-testid="route-error-retry">
              {copy.retry}
            </button>
            {/* A new document: after a failure the old page's code and state are not trusted. */}
            <a
              className="btn btn-ghost btn-sm"
              href={home}
              data-testid="route-error-home"
              onClick={(e) => {
                if (!offline()) return;
                e.preventDefault();
                showToast(copy.networkError, 3000);
              }}
            >
              {copy.backHome}
            </a>
          </div>
        }
      />
    </div>
  );
  if (scene === 'web' || scene === 'webpc')
    return (
      <PcLayout scene={scene}>
        <div className="card" style={{ padding: '48px 0' }}>
          {body}
        </div>
      </PcLayout>
    );
  if (!scene)
    return (
      <div className="m-page" style={{ justifyContent: 'center', background: '#fff' }}>
        {body}
      </div>
    );
  return (
    <MobileLayout title={title} back={false}>
      <div style={{ paddingTop: 48 }}>{body}</div>
    </MobileLayout>
  );
}
