import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { lazy } from 'react';
import { WhenVisible } from '../../../components/when-visible';

// Below the fold: its code (and the order rules it quotes) loads when it comes near the screen.
const TrustPanel = lazy(() => import('./trust-panel'));

/** 交易流程 / 交易保障 of trust-panel.tsx, mounted when scrolled near. */
export function TrustSection({ detail }: { detail: Pick<CommodityDetail, 'type'> }) {
  return (
    <WhenVisible minHeight={320}>
      <TrustPanel detail={detail} />
    </WhenVisible>
  );
}
