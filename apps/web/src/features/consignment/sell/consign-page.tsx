import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { MobileLayout } from '../../../components/mobile-layout';
import { PcLayout } from '../../../components/pc-layout';
import { isPcPage } from '../../../components/pc-page-frame';
import { pagePath, SCENE_PAGES } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { showToast } from '../../../lib/ui-bus';
import { consignmentKeys } from '../api/consignment-query-keys';
import { gameToken } from '../api/game-token';
import { CoinTab } from './coin-tab';
import { type ConsignTab, consignParams } from './consign-params';
import { ItemTab } from './item-tab';
import { RoleTab } from './role-tab';
import { type SellerDialogs, SellerGate } from './seller-gate';
import '../../../components/sell-form.css';
import './sell.css';

const TABS = [
  { key: 'role', text: '角色' },
  { key: 'coins', text: '游戏币' },
  { key: 'items', text: '道具' },
] as const;

/**
 * /h5sdk/pages/consignSale/roleCoin (the SDK tab bar's centre action): sell the role, its coins or
 * its props. The prerequisites come first; while the game freezes the goods, the consignment
 * overlay (寄售中...) covers the page; then the shelf. A game's link picks the tab (`role`) and
 * names the game (`gameName`, consign-params.ts).
 */
export default function ConsignPage({ sellerDialogs }: { sellerDialogs: SellerDialogs }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = consignParams(params);
  const [tab, setTab] = useState<ConsignTab>(asked.tab);
  const publishing = useIsMutating({ mutationKey: consignmentKeys.publish }) > 0;
  const inGame = gameToken() !== null;
  // web-sdk's sale page (/websdk/pages/sale/index) is a PC page: the PC header, its own shelf.
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5sdk';
  const pc = isPcPage(scene);
  const shelf = pc ? pagePath(scene, 'shelf') : SCENE_PAGES.sdkShelf;
  const done = () => {
    showToast('寄售成功，商品已上架');
    navigate(shelf, { replace: true });
  };
  const toShelf = (
    <Link to={shelf} className={pc ? 'btn btn-ghost btn-sm' : 'c-nav-action'} data-testid="to-shelf">
      我的货架
    </Link>
  );
  // A plain function, not a component: the forms below keep their state across renders.
  const frame = (children: ReactNode) =>
    pc ? (
      <PcLayout scene={scene} title="我要寄售">
        <div className="pc-center-card" data-testid="pc-center-card">
          <div className="pc-heading-row">
            <h1 className="pc-page-heading">我要寄售</h1>
            {toShelf}
          </div>
          {children}
        </div>
      </PcLayout>
    ) : (
      <MobileLayout title="我要寄售" tabBar right={toShelf}>
        {children}
      </MobileLayout>
    );
  return frame(
    <>
      {!inGame ? (
        <p className="card" style={{ margin: 12, padding: 16 }}>
          请从游戏内打开交易平台寄售；游戏外可使用寄售码寄售。
        </p>
      ) : (
        <SellerGate dialogs={sellerDialogs}>
          {asked.gameName ? (
            <p className="muted" style={{ margin: '12px 12px 0', fontSize: 13 }} data-testid="consign-game-name">
              《{asked.gameName}》
            </p>
          ) : null}
          <div className="sell-tabs" role="tablist">
            {TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                aria-selected={tab === t.key}
                className={`sell-tab${tab === t.key ? ' on' : ''}`}
                onClick={() => setTab(t.key)}
                data-testid={`sell-tab-${t.key}`}
              >
                {t.text}
              </button>
            ))}
          </div>
          <div className="card" style={{ margin: 12, padding: 16 }}>
            {tab === 'role' ? (
              <RoleTab onPublished={done} />
            ) : tab === 'coins' ? (
              <CoinTab onPublished={done} />
            ) : (
              <ItemTab onPublished={done} />
            )}
          </div>
        </SellerGate>
      )}
      {publishing ? <LoadingOverlay variant="consign" /> : null}
    </>,
  );
}
