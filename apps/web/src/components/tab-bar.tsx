import { House, type LucideIcon, MessageCircle, UserRound } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { copy } from '../lib/copy';
import { pagePath, SCENE_PAGES } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';
import { UnreadBadge } from './unread-badge';

interface Tab {
  id: number;
  text: string;
  /** null: the centre action, drawn without an icon. */
  icon: LucideIcon | null;
  to: string;
  badge?: boolean;
}

/** SDK tab bar: 首页 (id 0), 寄售 (id 2, centre action without icon), 我的 (id 1). */
const SDK_TABS: readonly Tab[] = [
  { id: 0, text: copy.home, icon: House, to: SCENE_PAGES.sdkHome },
  { id: 2, text: copy.consign, icon: null, to: SCENE_PAGES.sdkConsign },
  { id: 1, text: copy.mine, icon: UserRound, to: SCENE_PAGES.sdkMy },
];

/** The H5 and app tab bar: 首页 (id 0), 消息 (id 3, with the unread count), 我的 (id 1). */
const sceneTabs = (scene: string): readonly Tab[] => [
  { id: 0, text: copy.home, icon: House, to: pagePath(scene, 'home') },
  { id: 3, text: copy.messages, icon: MessageCircle, to: pagePath(scene, 'messages'), badge: true },
  { id: 1, text: copy.mine, icon: UserRound, to: pagePath(scene, 'userCenter') },
];

/** The bottom tab bar of the scene: the SDK keeps its own, the H5 and app scenes share one. */
export function TabBar() {
  const scene = sceneOfPath(useLocation().pathname) ?? 'h5';
  const tabs = scene === 'h5sdk' ? SDK_TABS : sceneTabs(scene);
  return (
    <nav className="tabbar" data-testid="tab-bar">
      {tabs.map((tab) =>
        tab.icon === null ? (
          <NavLink key={tab.id} to={tab.to} className="tabbar-item" data-testid={`tab-${tab.id}`}>
            <span className="tabbar-center">{tab.text}</span>
          </NavLink>
        ) : (
          <NavLink
            key={tab.id}
            to={tab.to}
            className={({ isActive }) => `tabbar-item${isActive ? ' active' : ''}`}
            data-testid={`tab-${tab.id}`}
          >
            <span className="tabbar-icon" aria-hidden="true">
              <tab.icon size="1em" aria-hidden="true" />
              {tab.badge ? <UnreadBadge className="tabbar-badge" /> : null}
            </span>
            {tab.text}
          </NavLink>
        ),
      )}
    </nav>
  );
}

/** The scenes with a bottom tab bar on their home, 消息 and 我的 pages. */
export const hasTabBar = (scene: string): boolean => scene === 'h5sdk' || scene === 'h5' || scene === 'app';
