import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { flushLeftovers } from './commodity-tracking';
import { CommodityListBody } from './list/commodity-list-body';

/**
 * The game in view: the query, then the last game chosen (applicationIdClick / currentAppId).
 * None at all leaves X-AppId out, and the server's 'AppId异常' is shown (platform-shell §6).
 */
export function listAppId(params: URLSearchParams): string {
  return params.get('applicationId') || storage.get('applicationIdClick') || storage.get('currentAppId') || '';
}

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
