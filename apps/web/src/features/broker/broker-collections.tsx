import { EmptyState } from '../../components/empty-state';
import { confirmClearInvalid } from '../../lib/confirm-clear-invalid';
import { copy } from '../../lib/copy';
import { showToast } from '../../lib/ui-bus';
import { useClearInvalidBrokerCollect } from './api/clear-invalid-broker-collect';
import { useCollectBrokerListing } from './api/collect-broker-listing';
import { useMyBrokerCollect } from './api/get-my-broker-collect';
import { BrokerCard } from './broker-card';
import './broker.css';
import { mergePages } from '../../lib/merge-pages';

const t = copy.commodity;
const two = (n: number) => String(n).padStart(2, '0');
/** A collection's day, 2026-11-28. */
const collectedOn = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

/**
 * 我的收藏 · 商人商品: my collected broker listings, newest first; the ones no longer buyable greyed
 * with 已失效 and removed together by 清除失效. Shown by the collections page (exchange) through
 * app/pages/my-collect-page.tsx (a feature never imports another, decision 0017).
 */
export default function BrokerCollections({ scene, pc }: { scene: string; pc: boolean }) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useMyBrokerCollect(true);
  const uncollect = useCollectBrokerListing();
  const clear = useClearInvalidBrokerCollect();
  const items = mergePages(data?.pages, (item) => item.commodityId);
  const invalidCount = data?.pages[0]?.invalidCount ?? 0;
  const confirmClear = () => confirmClearInvalid(clear);
  return (
    <div
      className={pc ? 'broker-collections broker-collections-pc' : 'broker-collections'}
      data-testid="broker-collections"
    >
      <div className="broker-collections-head">
        <span className="muted">
          {data ? `共 ${items.length}${hasNextPage ? '+' : ''} 件，已失效 ${invalidCount} 件` : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={invalidCount === 0 || clear.isPending}
          onClick={confirmClear}
          data-testid="broker-clear-invalid"
        >
          {t.clearInvalid}
        </button>
      </div>
      {isPending ? <div className="card skeleton broker-skeleton broker-skeleton-112" /> : null}
      {data && items.length === 0 ? (
        <EmptyState title="还没有收藏的商人商品" hint="在商人商品详情页点击收藏，方便下次购买" />
      ) : null}
      <div className="broker-collect-list">
        {items.map((item) => (
          <div
            key={item.commodityId}
            className="broker-collect-row"
            data-testid="broker-collect-row"
            data-invalid={item.invalid}
          >
            <BrokerCard listing={item} scene={scene} invalid={item.invalid} />
            <div className="broker-collect-foot muted">
              <span>收藏于 {collectedOn(item.collectedAt)}</span>
              <button
                type="button"
                className="broker-uncollect"
                data-testid="broker-uncollect"
                disabled={uncollect.isPending}
                onClick={() =>
                  uncollect.mutate(
                    { commodityId: item.commodityId, collect: 0 },
                    { onSuccess: () => showToast(t.uncollectDone) },
                  )
                }
              >
                {t.uncollect}
              </button>
            </div>
          </div>
        ))}
      </div>
      {hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm broker-collect-more"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}
