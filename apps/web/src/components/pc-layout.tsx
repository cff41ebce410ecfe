import { type ReactNode, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { copy } from '../lib/copy';
import { pagePath, paths } from '../lib/paths';
import { useSessionUser } from '../lib/queries/get-session-user';
import { AgreementLink } from './agreement-modal';
import { accountEntryOf, PcAccountLayout } from './pc-account-layout';
import { PcHeaderSearch } from './pc-header-search';
import { pageOfPath, pcDocumentTitle } from './pc-page-title';
import { UnreadBadge } from './unread-badge';

/** The header's right end: the user (avatar, masked phone) or 登录/注册. */
function HeaderUser({ scene }: { scene: string }) {
  const { data: user, isLoading } = useSessionUser();
  if (isLoading) return <span className="pc-user-slot" />;
  if (!user)
    return (
      <Link to={paths.login(scene)} className="pc-login-btn" data-testid="pc-login">
        {copy.login} / 注册
      </Link>
    );
  return (
    <Link to={pagePath(scene, 'userCenter')} className="pc-user" data-testid="pc-user" title={user.nickname}>
      <span className="pc-avatar" aria-hidden="true">
        {user.avatar ? <img src={user.avatar} alt="" /> : user.nickname.slice(0, 1)}
      </span>
      <span data-testid="pc-user-phone">{user.mobile || user.nickname}</span>
    </Link>
  );
}

/**
 * PC page: dark header (logo, nav, search, the user), a 1200 px content column, footer. Pages of
 * the account area (orders, shelf, offers, balance, coupons, collections, messages, real name,
 * 我的) get the account menu on the left. The window title names the page (`title`, else the
 * page's name).
 */
export function PcLayout({ scene, title, children }: { scene: string; title?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const page = pageOfPath(scene, pathname);
  const account = accountEntryOf(page);
  useEffect(() => {
    document.title = pcDocumentTitle(copy.brand, scene, pathname, title);
  }, [scene, pathname, title]);
  return (
    <div className="pc-page">
      <header className="pc-header">
        <div className="pc-header-inner">
          <Link to={paths.home(scene)} className="pc-logo" data-testid="pc-logo">
            <span className="pc-logo-mark">易</span>
            {copy.brand}
          </Link>
          <nav className="pc-nav">
            <NavLink to={paths.home(scene)} end>
              {copy.home}
            </NavLink>
            <NavLink to={paths.gameLobby(scene)} data-testid="pc-nav-lobby">
              {copy.gameLobby}
            </NavLink>
            <NavLink to={pagePath(scene, 'userCenter')} data-testid="pc-nav-my">
              {copy.mine}
            </NavLink>
            <NavLink to={paths.messages(scene)} data-testid="pc-nav-messages">
              {copy.messages}
              <UnreadBadge className="pc-nav-badge" />
            </NavLink>
          </nav>
          <div className="pc-header-right">
            <PcHeaderSearch scene={scene} />
            <HeaderUser scene={scene} />
          </div>
        </div>
      </header>
      <main className="pc-main">
        {account ? (
          <PcAccountLayout scene={scene} active={account}>
            {children}
          </PcAccountLayout>
        ) : (
          children
        )}
      </main>
      <footer className="pc-footer">
        <div>{copy.safeTrade.join(' · ')}</div>
        <div className="pc-footer-links">
          <AgreementLink agreementKey="userAgreement" testId="pc-footer-userAgreement">
            用户服务协议
          </AgreementLink>{' '}
          ·{' '}
          <AgreementLink agreementKey="privacyPolicy" testId="pc-footer-privacyPolicy">
            隐私政策
          </AgreementLink>{' '}
          ·{' '}
          <AgreementLink agreementKey="tradingRules" testId="pc-footer-tradingRules">
            交易规则
          </AgreementLink>
        </div>
        <div>抵制不良游戏，拒绝盗版游戏。注意自我保护，谨防受骗上当。适度游戏益脑，沉迷游戏伤身。</div>
      </footer>
    </div>
  );
}
