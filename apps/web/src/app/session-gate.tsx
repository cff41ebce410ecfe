import { isGameScene } from '@app/protocol/platform';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageFrame } from '../components/pc-page-frame';
import { copy } from '../lib/copy';
import { paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';
import { useStored } from '../lib/storage';

/** Whether a page of this scene asks a visitor without a session to log in before it opens. */
export function gatesVisitor(scene: string | null, token: string | null): boolean {
  // A game's view gets its session from the game's login, which may land after the first render.
  return scene !== null && !token && !isGameScene(scene as Parameters<typeof isGameScene>[0]);
}

/**
 * A page that only a logged-in user has (his orders, chats, coupons, wallet): a visitor who never
 * logged in is asked to log in, coming back here, instead of the page's calls answering 登录超时
 * and its empty states (此会话已结束…) under that modal.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = useStored('token');
  const scene = sceneOfPath(pathname);
  if (!scene || !gatesVisitor(scene, token)) return children;
  return (
    <PageFrame title={copy.loginFirst} center>
      <div data-testid="session-gate">
        <EmptyState
          title="登录后即可查看此页面"
          action={
            <div style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 16 }}>
              <Link className="btn btn-ghost" to={paths.home(scene)}>
                {copy.backHome}
              </Link>
              <Link
                className="btn btn-primary"
                to={paths.login(scene, `${pathname}${search}`)}
                data-testid="session-gate-login"
              >
                {copy.goLogin}
              </Link>
            </div>
          }
        />
      </div>
    </PageFrame>
  );
}
