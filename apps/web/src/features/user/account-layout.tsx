import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { copy } from '../../lib/copy';
import { pagePath, paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import './account.css';

/** The scene of the page being shown (h5 when the path names none). */
export const currentScene = () => sceneOfPath(globalThis.location.pathname) ?? 'h5';

/**
 * The frame of the account pages: on the PC scenes the site's header with a 我的 › title trail and a
 * 760 px column, elsewhere the mobile nav bar with its back arrow.
 */
export function AccountLayout({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const scene = currentScene();
  if (scene === 'web' || scene === 'webpc')
    return (
      <PcLayout scene={scene}>
        <div className="acct-pc" data-testid={testId}>
          <div className="acct-pc-head">
            <Link to={pagePath(scene, 'userCenter')} className="link">
              {copy.myPage}
            </Link>
            <span>
              <ChevronRight size="1em" aria-hidden="true" />
            </span>
            <span>{title}</span>
          </div>
          <h1 className="acct-pc-title">{title}</h1>
          {children}
        </div>
      </PcLayout>
    );
  return (
    <MobileLayout title={title}>
      <div className="acct" data-testid={testId}>
        {children}
      </div>
    </MobileLayout>
  );
}

/** The login gate of a page that needs a session: its zh-CN reason and the way to log in. */
export function LoginFirst({ reason }: { reason: string }) {
  const scene = currentScene();
  return (
    <div className="acct-group" style={{ padding: '32px 16px', textAlign: 'center' }} data-testid="login-first">
      <p className="muted" style={{ margin: '0 0 16px' }}>
        {reason}
      </p>
      <Link to={paths.login(scene)} className="btn btn-primary" data-testid="login-first-button">
        {copy.login}
      </Link>
    </div>
  );
}
