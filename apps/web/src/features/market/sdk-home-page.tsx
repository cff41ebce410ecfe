import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { copy } from '../../lib/copy';
import { listAppId } from '../../lib/list-app-id';
import { useStored } from '../../lib/storage';
import { AdSlot } from './ad-slot';
import { HomePopup } from './home-popup';
import './market.css';
import { Marquee } from './marquee';

/**
 * /h5sdk/pages/commodityList/list, the SDK home: the news line, the game's ad slot, the popup,
 * then the commodity list of the game in view (the exchange's, filled in by app/), with the tab bar.
 */
export default function SdkHomePage({ List }: { List: ComponentType<{ appId: string }> }) {
  const [params] = useSearchParams();
  const appId = useStored('currentAppId') || listAppId(params);
  return (
    <MobileLayout title={copy.brand} back={false} tabBar>
      <Marquee appId={appId} />
      <AdSlot appId={appId} />
      <List appId={appId} />
      <HomePopup place="sdkHome" />
    </MobileLayout>
  );
}
