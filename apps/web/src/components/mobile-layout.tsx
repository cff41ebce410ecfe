import type { ReactNode } from 'react';
import { NavBar, type NavOptions } from './nav-bar';
import { TabBar } from './tab-bar';

/** Mobile page: nav bar (with the page's options), content, and the tab bar where the scene has one. */
export function MobileLayout({
  title,
  back = true,
  tabBar = false,
  right,
  nav,
  children,
}: {
  title: string;
  back?: boolean;
  tabBar?: boolean;
  right?: ReactNode;
  nav?: NavOptions | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`m-page${tabBar ? ' with-tab' : ''}`}>
      <NavBar title={title} back={back} right={right} nav={nav} />
      <main className="m-content">{children}</main>
      {tabBar ? <TabBar /> : null}
    </div>
  );
}
