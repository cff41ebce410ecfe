import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { copy } from '../../lib/copy';
import { storage } from '../../lib/storage';
import { listAppId } from '../exchange/commodity-list-page';
import { flushLeftovers } from '../exchange/commodity-tracking';
import { CommodityListBody } from '../exchange/list/commodity-list-body';
import { AdSlot } from './ad-slot';
import { HomePopup } from './home-popup';
import './market.css';
import { Marquee } from './marquee';

/**
 * /h5sdk/pages/commodityList/list, the SDK home: the news line, the game's ad slot, the popup,
 * then the commodity list of the game in view, with the tab bar.
 */
export default function SdkHomePage() {
  const [params] = useSearchParams();
  const appId = storage.get('currentAppId') || listAppId(params);
  useEffect(() => flushLeftovers(), []);
  return (
    <MobileLayout title={copy.brand} back={false} tabBar>
      <Marquee appId={appId} />
      <AdSlot appId={appId} />
      <CommodityListBody appId={appId} sdk />
      <HomePopup place="sdkHome" />
    </MobileLayout>
  );
}
