import { type ComponentType, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { MobileLayout } from '../../../components/mobile-layout';
import { PcLayout } from '../../../components/pc-layout';
import { confirmClearInvalid } from '../../../lib/confirm-clear-invalid';
import { copy } from '../../../lib/copy';
import { paths } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { storage } from '../../../lib/storage';
import { showToast } from '../../../lib/ui-bus';
import { useClearInvalidCollect } from '../api/clear-invalid-collect';
import { useCollectCommodity } from '../api/collect-commodity';
import { useMyCollect } from '../api/get-my-collect';
import { CommodityCard } from '../commodity-card';
import { CardSkeletons } from '../list/commodity-list-body';
import { useLoadMore } from '../list/use-load-more';
import '../commodity.css';
import { mergePages } from '../../../lib/merge-pages';

const t = copy.commodity;

function CollectList({ pc }: { pc: boolean }) {
  const { data, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } = useMyCollect(true);
  const uncollect = useCollectCommodity();
  const clear = useClearInvalidCollect();
  const sentinel = useLoadMore(Boolean(hasNextPage) && !isFetchingNextPage, () => void fetchNextPage());
  const items = mergePages(data?.pages, (item) => item.id);
  const invalidCount = data?.pages[0]?.invalidCount ?? 0;
  const confirmClear = () => confirmClearInvalid(clear);
  return (
    <div style={{ padding: pc ? 0 : 12 }} data-testid="my-collect">
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 10 }}>
        <span className="muted" style={{ flex: 1, fontSize: 13 }}>
          {data ? `共 ${items.length}${hasNextPage ? '+' : ''} 件，已失效 ${invalidCount} 件` : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={invalidCount === 0 || clear.isPending}
          onClick={confirmClear}
          data-testid="clear-invalid"
        >
          {t.clearInvalid}
        </button>
      </div>
      {isLoading ? <CardSkeletons /> : null}
      {data && items.length === 0 ? <EmptyState title={t.collectionsEmpty} hint={t.collectionsHint} /> : null}
      <div className={pc ? 'c-grid-pc' : undefined}>
        {items.map((item) => (
          <div key={item.id} className="c-collect-row" data-testid="collect-row" data-invalid={item.invalid}>
            <CommodityCard item={item} invalid={item.invalid} />
            <button
              type="button"
              className="c-uncollect"
              data-testid="uncollect"
              disabled={uncollect.isPending}
              onClick={() =>
                uncollect.mutate({ commodityId: item.id, collect: 0 }, { onSuccess: () => showToast(t.uncollectDone) })
              }
            >
              {t.uncollect}
            </button>
          </div>
        ))}
      </div>
      <div ref={sentinel} />
      {isFetchingNextPage ? <CardSkeletons count={1} /> : null}
    </div>
  );
}

/**
 * The broker channel's collections (商人商品), filled in by app/ (a feature never imports another,
 * decision 0017): a lazy component, loaded when its tab is first opened.
 */
export type BrokerCollectionsSlot = ComponentType<{ scene: string; pc: boolean }>;

const TABS = [
  { tab: 'listing', label: '寄售商品' },
  { tab: 'broker', label: '商人商品' },
] as const;

/** 寄售商品 (the consignment listings) and 商人商品 (the broker channel's), the tab kept in ?tab=. */
function CollectTabs({
  scene,
  pc,
  BrokerCollections,
}: {
  scene: string;
  pc: boolean;
  BrokerCollections: BrokerCollectionsSlot;
}) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'broker' ? 'broker' : 'listing';
  return (
    <>
      <div
        className={pc ? 'c-collect-tabs c-collect-tabs-pc' : 'c-collect-tabs'}
        role="tablist"
        aria-label={t.collections}
      >
        {TABS.map((x) => (
          <button
            key={x.tab}
            type="button"
            role="tab"
            aria-selected={tab === x.tab}
            className={`c-collect-tab${tab === x.tab ? ' active' : ''}`}
            onClick={() => setParams(x.tab === 'broker' ? { tab: 'broker' } : {}, { replace: true })}
            data-testid={`collect-tab-${x.tab}`}
          >
            {x.label}
          </button>
        ))}
      </div>
      {tab === 'broker' ? (
        <Suspense fallback={<CardSkeletons count={2} />}>
          <BrokerCollections scene={scene} pc={pc} />
        </Suspense>
      ) : (
        <CollectList pc={pc} />
      )}
    </>
  );
}

/** /{scene}/pages/userCenter/myCollect/index: the user's collections; invalid ones greyed. */
export default function MyCollectPage({ BrokerCollections }: { BrokerCollections: BrokerCollectionsSlot }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = scene === 'web' || scene === 'webpc';
  const body = storage.get('token') ? (
    <CollectTabs scene={scene} pc={pc} BrokerCollections={BrokerCollections} />
  ) : (
    <EmptyState
      title="登录后查看我的收藏"
      action={
        <Link className="btn btn-primary btn-sm" to={paths.login(scene)} data-testid="collect-login">
          {copy.login}
        </Link>
      }
    />
  );
  if (pc) return <PcLayout scene={scene}>{body}</PcLayout>;
  return <MobileLayout title={t.collections}>{body}</MobileLayout>;
}
