import type { ReactNode } from 'react';
import { NavBar } from './nav-bar';
import { TabBar } from './tab-bar';

/** Mobile page: nav bar, content, and the tab bar where the scene has one. */
export function MobileLayout({
  title,
  back = true,
  tabBar = false,
  right,
  children,
}: {
  title: string;
  back?: boolean;
  tabBar?: boolean;
  right?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`m-page${tabBar ? ' with-tab' : ''}`}>
      <NavBar title={title} back={back} right={right} />
      <main className="m-content">{children}</main>
      {tabBar ? <TabBar /> : null}
    </div>
  );
}
