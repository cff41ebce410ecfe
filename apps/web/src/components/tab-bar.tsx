import { NavLink } from 'react-router';
import { copy } from '../lib/copy';
import { SCENE_PAGES } from '../lib/paths';

/** SDK tab bar: 首页 (id 0), 寄售 (id 2, centre action without icon), 我的 (id 1). */
const SDK_TABS = [
  { id: 0, text: copy.home, icon: '⌂', to: SCENE_PAGES.sdkHome },
  { id: 2, text: copy.consign, icon: null, to: SCENE_PAGES.sdkConsign },
  { id: 1, text: copy.mine, icon: '☺', to: SCENE_PAGES.sdkMy },
] as const;

export function TabBar({
  tabs = SDK_TABS,
}: {
  tabs?: ReadonlyArray<{ id: number; text: string; icon: string | null; to: string }>;
}) {
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
              {tab.icon}
            </span>
            {tab.text}
          </NavLink>
        ),
      )}
    </nav>
  );
}
