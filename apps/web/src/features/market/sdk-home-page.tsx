import { type ComponentType, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { copy } from '../../lib/copy';
import { listAppId } from '../../lib/list-app-id';
import { focusListSearch, type PanelState } from '../../lib/list-search';
import { useStored } from '../../lib/storage';
import { AdSlot } from './ad-slot';
import { HomePopup } from './home-popup';
import './market.css';
import { Marquee } from './marquee';

/**
 * /h5sdk/pages/commodityList/list, the SDK home: the news line, the game's ad slot, the popup,
 * then the commodity list of the game in view (the exchange's, filled in by app/), with the tab bar;
 * the nav bar's 搜索 and 筛选 lead to the list's keyword box and filter panel.
 */
export default function SdkHomePage({ List }: { List: ComponentType<{ appId: string; panel?: PanelState }> }) {
  const [params] = useSearchParams();
  const appId = useStored('currentAppId') || listAppId(params);
  const panel = useState(false);
  return (
    <MobileLayout
      title={copy.brand}
      back={false}
      tabBar
      nav={appId ? { onSearch: () => void focusListSearch(), onFilter: () => panel[1](true) } : undefined}
    >
      <Marquee appId={appId} />
      <AdSlot appId={appId} />
      <List appId={appId} panel={panel} />
      <HomePopup place="sdkHome" />
    </MobileLayout>
  );
}
