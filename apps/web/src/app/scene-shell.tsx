import { isGameScene } from '@app/protocol/platform';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useBlocker, useLocation } from 'react-router';
import { ModalHost } from '../components/modal-host';
import { ToastHost } from '../components/toast-host';
import { SaleUnlockHost } from '../features/consignment/sale-unlock-host';
import { NoLineHost } from '../features/system/no-line-host';
import { GameSession } from '../features/user/game-session';
import { copy } from '../lib/copy';
import { isNavigationAllowed, sceneOfPath } from '../lib/platform';
import { storage } from '../lib/storage';
import { showToast } from '../lib/ui-bus';
import { applyPcZoom } from './launch';
import { MaintenanceGate } from './maintenance-gate';

/** The chat, its banner and the unread counts: only with a session (app/logged-in-extras.tsx). */
const LoggedInExtras = lazy(() => import('./logged-in-extras'));

/**
 * The frame of every page: the navigation guard (a path outside the current scene's pages is
 * refused unless allow-listed), the maintenance gate, PC zoom, toasts and modals.
 */
export function SceneShell() {
  const { pathname } = useLocation();
  const scene = sceneOfPath(pathname);
  const blocker = useBlocker(({ nextLocation }) => !isNavigationAllowed(scene, nextLocation.pathname));
  useEffect(() => {
    if (blocker.state === 'blocked') {
      showToast(copy.routeMismatch);
      blocker.reset();
    }
  }, [blocker]);
  useEffect(() => {
    const onResize = () => applyPcZoom();
    globalThis.addEventListener('resize', onResize);
    return () => globalThis.removeEventListener('resize', onResize);
  }, []);
  // The scene can change with the path (a PC page linking to another scene's page): zoom follows.
  useEffect(() => applyPcZoom(sceneOfPath(pathname)), [pathname]);
  return (
    <>
      <MaintenanceGate />
      {scene && isGameScene(scene) ? <GameSession /> : null}
      <Outlet />
      <ToastHost />
      <ModalHost />
      <SaleUnlockHost />
      <NoLineHost />
      {storage.get('token') ? (
        <Suspense fallback={null}>
          <LoggedInExtras />
        </Suspense>
      ) : null}
    </>
  );
}
