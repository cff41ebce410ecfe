import { isPcScene } from '@app/protocol/platform';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { listAppId } from '../../lib/list-app-id';
import { focusListSearch, type PanelState } from '../../lib/list-search';
import { sceneOfPath } from '../../lib/platform';
import { useGameLobby } from '../../lib/queries/get-game-lobby';
import { useStored } from '../../lib/storage';
import { flushLeftovers } from './commodity-tracking';
import { countPanelFilters, filtersFromQuery } from './list/commodity-filters';
import { CommodityListBody } from './list/commodity-list-body';
import { allGames, GamePick } from './list/game-pick';
import { PcCommodityList } from './list/pc-commodity-list';

/** The game's name for the window title ('仙侠·演示 商品列表'). */
function useGameName(appId: string): string | undefined {
  const { data } = useGameLobby('');
  return allGames(data).find((g) => g.applicationId === appId)?.gameName;
}

/** /{scene}/pages/commodityList/list; in the SDK it is the SDK home (tab bar kept). */
export default function CommodityListPage() {
  const [params, setParams] = useSearchParams();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const sdk = scene === 'h5sdk';
  // Inside the game the game session decides the game (currentAppId); elsewhere the query does.
  const currentAppId = useStored('currentAppId');
  const appId = sdk ? currentAppId || listAppId(params) : listAppId(params);
  const gameName = useGameName(appId);
  const panel = useState(false);
  useEffect(() => flushLeftovers(), []);
  // A list that names no game (a bare link, a first visit, a listing that ended) asks for one, on
  // a PC and on a phone alike, instead of asking the server, which could only answer 'AppId异常'.
  const pick = (applicationId: string) => setParams(new URLSearchParams({ applicationId }));
  if (isPcScene(scene))
    return (
      <PcLayout scene={scene} title={gameName ? `${gameName} 商品列表` : '商品列表'}>
        {appId ? <PcCommodityList appId={appId} /> : <GamePick onPick={(g) => pick(g.applicationId)} />}
      </PcLayout>
    );
  return (
    <MobileLayout
      title="商品列表"
      back={!sdk}
      tabBar={sdk}
      // 搜索 leads to the list's keyword box, 筛选 opens its filter panel (once a game is chosen).
      nav={
        appId
          ? {
              onSearch: () => void focusListSearch(),
              onFilter: () => panel[1](true),
              filterCount: countPanelFilters(filtersFromQuery(params)),
            }
          : undefined
      }
    >
      {appId ? (
        <CommodityListBody appId={appId} sdk={sdk} panel={panel} />
      ) : (
        <div style={{ padding: 12 }}>
          <GamePick onPick={(g) => pick(g.applicationId)} />
        </div>
      )}
    </MobileLayout>
  );
}

/** The SDK home's list (app/ puts it under the market's SDK home): what the last visit left unsent goes first. */
export function SdkCommodityList({ appId, panel }: { appId: string; panel?: PanelState | undefined }) {
  useEffect(() => flushLeftovers(), []);
  return <CommodityListBody appId={appId} sdk panel={panel} />;
}
