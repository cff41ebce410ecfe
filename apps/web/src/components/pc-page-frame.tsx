import { isPcScene, isScene } from '@app/protocol/platform';
import type { ReactNode } from 'react';
import { sceneOfPath } from '../lib/platform';
import { MobileLayout } from './mobile-layout';
import { HeadingOptions, type NavOptions } from './nav-bar';
import { PcLayout } from './pc-layout';

/** True on the PC scenes (web, webpc, h5pc, websdk: platform-shell §2). */
export const isPcPage = (scene: string): boolean => isScene(scene) && isPcScene(scene);

/**
 * A page's frame in every scene: on the PC scenes the PC header and footer, the page's heading and
 * (for pages of the account area) the account menu, with `center` a desktop card in the middle;
 * elsewhere the mobile layout with its nav bar.
 */
export function PageFrame({
  title,
  pcTitle = title,
  center = false,
  tabBar = false,
  back = true,
  nav,
  children,
}: {
  title: string;
  /** The PC heading and window title when it differs from the phone's nav-bar title. */
  pcTitle?: string;
  center?: boolean;
  tabBar?: boolean;
  back?: boolean;
  /** The nav bar's options; on the PC the heading keeps the countdown and the rule. */
  nav?: NavOptions | undefined;
  children: ReactNode;
}) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  if (isPcPage(scene))
    return (
      <PcLayout scene={scene} title={pcTitle}>
        {center ? (
          <div className="pc-center-card" data-testid="pc-center-card">
            <h1 className="pc-page-heading">
              {pcTitle}
              <HeadingOptions nav={nav} />
            </h1>
            {children}
          </div>
        ) : (
          <>
            <h1 className="pc-page-heading">
              {pcTitle}
              <HeadingOptions nav={nav} />
            </h1>
            {children}
          </>
        )}
      </PcLayout>
    );
  return (
    <MobileLayout title={title} back={back} tabBar={tabBar} nav={nav}>
      {children}
    </MobileLayout>
  );
}
