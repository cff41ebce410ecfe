import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { listAppId } from '../../lib/list-app-id';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { flushLeftovers } from './commodity-tracking';
import { CommodityListBody } from './list/commodity-list-body';

/** /{scene}/pages/commodityList/list; in the SDK it is the SDK home (tab bar kept). */
export default function CommodityListPage() {
  const [params] = useSearchParams();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const sdk = scene === 'h5sdk';
  // Inside the game the game session decides the game (currentAppId); elsewhere the query does.
  const appId = sdk ? storage.get('currentAppId') || listAppId(params) : listAppId(params);
  useEffect(() => flushLeftovers(), []);
  if (scene === 'web' || scene === 'webpc')
    return (
      <PcLayout scene={scene}>
        <CommodityListBody appId={appId} pc />
      </PcLayout>
    );
  return (
    <MobileLayout title="商品列表" back={!sdk} tabBar={sdk}>
      <CommodityListBody appId={appId} sdk={sdk} />
    </MobileLayout>
  );
}

/** The SDK home's list (app/ puts it under the market's SDK home): what the last visit left unsent goes first. */
export function SdkCommodityList({ appId }: { appId: string }) {
  useEffect(() => flushLeftovers(), []);
  return <CommodityListBody appId={appId} sdk />;
}
