import type { Scene } from '@app/protocol/platform';
import type { ReactNode } from 'react';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { sceneOfPath } from '../../lib/platform';
import './market.css';

/** The PC scenes (web, webpc, h5pc, websdk): the market's pages take the PC layout there. */
export const isPcScene = (scene: Scene) => isPcPage(scene);

export function currentScene(): Scene {
  return sceneOfPath(globalThis.location.pathname) ?? 'h5';
}

/** px of one unit of the 375-wide design: scaled to the phone, fixed on PC. */
export function designUnit(scene: Scene): number {
  if (isPcScene(scene)) return 1.3;
  return Math.min(globalThis.innerWidth || 375, 540) / 375;
}

/** A market page: the PC layout on the four PC scenes (web, webpc, h5pc, websdk), the mobile layout elsewhere. */
/** The home's poster section's height: its head, a poster of 120 design units, its title and the card's padding. */
export const posterSectionHeight = (unit: number) => Math.round(120 * unit + 94);

export function MarketLayout({
  title,
  back = true,
  right,
  children,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
}) {
  const scene = currentScene();
  if (isPcPage(scene))
    return (
      <PcLayout scene={scene} title={title}>
        <h1 className="pc-page-heading">{title}</h1>
        {children}
      </PcLayout>
    );
  return (
    <MobileLayout title={title} back={back} right={right}>
      {children}
    </MobileLayout>
  );
}
