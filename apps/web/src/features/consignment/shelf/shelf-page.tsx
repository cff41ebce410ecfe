import type { ShelfItem, ShelfTab } from '@app/protocol/calls/consignment-shelf';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { type ComponentType, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/pc-page-frame';
import { SCENE_PAGES } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { showModal, showToast } from '../../../lib/ui-bus';
import { useDownShelf } from '../api/down-shelf';
import { useShelf } from '../api/get-shelf';
import { useOnShelf } from '../api/on-shelf';
import { useTakeBack } from '../api/take-back';
import { canSetBargain } from './bargain-floor';
import { BargainSettingDialog } from './bargain-setting-dialog';
import { PreBuyKeyDialog } from './pre-buy-key-dialog';
import { RepriceDialog } from './reprice-dialog';
import { type ShelfAction, ShelfItemCard, TYPE_TEXT } from './shelf-item-card';
import '../../../components/sell-form.css';
import './shelf.css';

const TABS: Array<{ key: ShelfTab; text: string }> = [
  { key: 'all', text: '全部' },
  { key: 'onSale', text: '在售' },
  { key: 'delisted', text: '已下架' },
  { key: 'selling', text: '交易中' },
  { key: 'ended', text: '已结束' },
];

/**
 * The auction domain's 转为拍卖 dialog, filled in by app/ (a feature never imports another), lazy.
 */
export type AuctionDialogSlot = ComponentType<{
  scene: string;
  listing: { id: string; title: string; type: number; price: number };
  onClose: () => void;
}>;

/**
 * The seller's shelf (/h5sdk/pages/shelves/shelves in the game, /{scene}/pages/userCenter/saleShelf/
 * saleShelf elsewhere; the retrieve shelf getBackRole opens on 已下架): every listing with its
 * status and exactly the actions that status allows (item.actions, listingActions).
 */
export default function ShelfPage({
  retrieve = false,
  AuctionDialog,
}: {
  retrieve?: boolean;
  AuctionDialog?: AuctionDialogSlot;
}) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  // ?tab= opens one tab (the sell page leads to 在售 to 下架, or to 已下架 to 取回).
  const asked = new URLSearchParams(globalThis.location.search).get('tab');
  const [tab, setTab] = useState<ShelfTab>(retrieve ? 'delisted' : (TABS.find((t) => t.key === asked)?.key ?? 'all'));
  const shelf = useShelf(tab, scene === 'h5sdk');
  const down = useDownShelf();
  const up = useOnShelf();
  const back = useTakeBack();
  const [repricing, setRepricing] = useState<ShelfItem | null>(null);
  const [bargaining, setBargaining] = useState<ShelfItem | null>(null);
  const [auctioning, setAuctioning] = useState<ShelfItem | null>(null);
  const [keying, setKeying] = useState<ShelfItem | null>(null);
  const busy = down.isPending || up.isPending || back.isPending;
  const run = (item: ShelfItem, action: ShelfAction) => {
    if (action === 'modifyPrice') return setRepricing(item);
    if (action === 'downShelf')
      return showModal({
        id: 'confirmDownShelf',
        title: '确认下架',
        content: `下架后买家将看不到该${TYPE_TEXT[item.type]}商品，它仍冻结在游戏中；可以重新上架，或点击“取回”解冻回到游戏中。`,
        buttons: [
          { text: '取消' },
          {
            text: '确认下架',
            primary: true,
            onClick: () => down.mutate(item.id, { onSuccess: () => showToast('已下架') }),
          },
        ],
      });
    if (action === 'onShelf') return up.mutate(item.id, { onSuccess: () => showToast('已重新上架') });
    const what = TYPE_TEXT[item.type];
    showModal({
      title: '确认取回',
      content: `取回后${what}将解冻回到游戏中。${item.type === 1 ? '角色取回后需等待一段时间才能再次上架。' : ''}`,
      buttons: [
        { text: '取消' },
        {
          text: '确认取回',
          primary: true,
          onClick: () =>
            back.mutate(item.id, {
              onSuccess: (r) =>
                showToast(
                  r.status === ListingStatus.RETRIEVE_FAILED
                    ? `取回失败：${r.note ?? '请稍后再试'}`
                    : r.status === ListingStatus.RETRIEVING
                      ? '取回中，请稍后查看'
                      : '已取回到游戏中',
                ),
            }),
        },
      ],
    });
  };
  const list = shelf.data?.list ?? [];
  return (
    <PageFrame title={retrieve ? '取回商品' : '我的货架'} tabBar={scene === 'h5sdk'}>
      <div className="shelf-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={`shelf-tab${tab === t.key ? ' on' : ''}`}
            onClick={() => setTab(t.key)}
            data-testid={`shelf-tab-${t.key}`}
          >
            {t.text}
          </button>
        ))}
      </div>
      {retrieve ? (
        <p className="muted" style={{ margin: '0 12px 8px', fontSize: 13 }}>
          已下架的商品仍在游戏中冻结，点击“取回”解冻回到游戏中。
        </p>
      ) : null}
      <div className="shelf-list" data-testid="shelf-list">
        {shelf.isPending ? <div className="card skeleton" style={{ height: 120 }} /> : null}
        {shelf.data && list.length === 0 ? (
          <div className="card" style={{ padding: 24, textAlign: 'center' }}>
            <p className="muted">{tab === 'all' ? '还没有商品' : '该分类下没有商品'}</p>
            {scene === 'h5sdk' ? (
              <Link className="btn btn-primary" to={SCENE_PAGES.sdkConsign}>
                去寄售
              </Link>
            ) : null}
          </div>
        ) : null}
        {list.map((item) => (
          <ShelfItemCard
            key={item.id}
            item={item}
            busy={busy}
            onAction={(a) => run(item, a)}
            onBargain={canSetBargain(item) ? () => setBargaining(item) : undefined}
            onPreBuyKey={
              item.saleType === 1 && item.status === ListingStatus.ON_SALE && !item.designatedTradeId
                ? () => setKeying(item)
                : undefined
            }
            // 转为拍卖: a normal listing on sale, not an auction yet.
            {...(AuctionDialog && item.status === ListingStatus.ON_SALE && item.saleType === 0 && !item.auctionEnable
              ? { onAuction: () => setAuctioning(item) }
              : {})}
          />
        ))}
      </div>
      {repricing ? <RepriceDialog item={repricing} onClose={() => setRepricing(null)} /> : null}
      {bargaining ? <BargainSettingDialog item={bargaining} onClose={() => setBargaining(null)} /> : null}
      {keying ? <PreBuyKeyDialog item={keying} onClose={() => setKeying(null)} /> : null}
      {auctioning && AuctionDialog ? (
        <Suspense fallback={null}>
          <AuctionDialog scene={scene} listing={auctioning} onClose={() => setAuctioning(null)} />
        </Suspense>
      ) : null}
    </PageFrame>
  );
}
