import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { copy } from '../lib/copy';
import { pagePath, paths } from '../lib/paths';
import { UnreadBadge } from './unread-badge';

/** PC page: dark header with logo, nav and search, a 1200 px content column, footer. */
export function PcLayout({ scene, children }: { scene: string; children: ReactNode }) {
  return (
    <div className="pc-page">
      <header className="pc-header">
        <div className="pc-header-inner">
          <Link to={paths.home(scene)} className="pc-logo" data-testid="pc-logo">
            <span className="pc-logo-mark">易</span>
            {copy.brand}
          </Link>
          <nav className="pc-nav">
            <NavLink to={paths.home(scene)}>{copy.home}</NavLink>
            <NavLink to={paths.list(scene)}>{copy.gameLobby}</NavLink>
            <NavLink to={pagePath(scene, 'userCenter')}>{copy.myPage}</NavLink>
            <NavLink to={paths.messages(scene)} data-testid="pc-nav-messages">
              {copy.messages}
              <UnreadBadge className="pc-nav-badge" />
            </NavLink>
          </nav>
          <div className="pc-header-right">
            <Link to={paths.list(scene)} className="pc-search">
              <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" style={{ marginRight: 6 }}>
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
                <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
              {copy.search}
            </Link>
          </div>
        </div>
      </header>
      <main className="pc-main">{children}</main>
      <footer className="pc-footer">
        <div>{copy.safeTrade.join(' · ')}</div>
        <div>
          <a href={paths.agreement('userAgreement')}>用户服务协议</a> ·{' '}
          <a href={paths.agreement('privacyPolicy')}>隐私政策</a> ·{' '}
          <a href={paths.agreement('tradingRules')}>交易规则</a>
        </div>
        <div>抵制不良游戏，拒绝盗版游戏。注意自我保护，谨防受骗上当。适度游戏益脑，沉迷游戏伤身。</div>
      </footer>
    </div>
  );
}
