import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BrokerEntry } from '../../../components/broker-entry';
import { EmptyState } from '../../../components/empty-state';
import { KeywordScope } from '../../../components/keyword-scope';
import { copy } from '../../../lib/copy';
import type { PanelState } from '../../../lib/list-search';
import { mergePages } from '../../../lib/merge-pages';
import { sceneOfPath } from '../../../lib/platform';
import { useCommodityInfinite } from '../api/get-commodity-list';
import { CommodityCard } from '../commodity-card';
import { CoinIndexLine } from './coin-index-line';
import { countPanelFilters, filtersFromQuery, type ListFilters, queryWithFilters, withType } from './commodity-filters';
import { FilterPanel } from './filter-panel';
import { KeywordBox } from './keyword-box';
import { SortBar } from './sort-bar';
import { TypeTabs } from './type-tabs';
import { useLoadMore } from './use-load-more';
import '../commodity.css';

export function CardSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div data-testid="list-skeleton">
      {Array.from({ length: count }, (_, i) => `sk-${i}`).map((key) => (
        <div key={key} className="skeleton" style={{ height: 120, marginBottom: 10, borderRadius: 12 }} />
      ))}
    </div>
  );
}

/**
 * The commodity list of one game, with its filters in the URL query: type tabs, keyword, sorts,
 * the filter panel and an endless list (the phone's; the PC list pages: pc-commodity-list).
 */
export function CommodityListBody({
  appId,
  sdk = false,
  panel,
}: {
  appId: string;
  sdk?: boolean;
  /** The filter panel's state when the page holds it (the nav bar's filter icon opens it). */
  panel?: PanelState | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const own = useState(false);
  const [panelOpen, setPanelOpen] = panel ?? own;
  const filters = filtersFromQuery(params);
  const { type, sort = 'newest' } = filters;
  const query = useCommodityInfinite(appId, sdk, { ...filters, pageSize: 20 });
  const { data, isLoading, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useLoadMore(Boolean(hasNextPage) && !isFetchingNextPage, () => void fetchNextPage());
  // Pages can overlap when listings arrive while scrolling: lists are merged by unique id.
  const unique = mergePages(data?.pages, (item) => item.id);
  const update = (next: ListFilters) => setParams(queryWithFilters(params, next));

  return (
    <div data-testid="commodity-list" style={{ padding: '0 12px' }}>
      <div className="c-toolbar">
        <KeywordBox value={filters.keyword ?? ''} onSubmit={(keyword) => update({ ...filters, keyword })} />
        <TypeTabs type={type} onChange={(t) => update(withType(filters, t))} />
        {type === 2 ? <BrokerEntry scene={sceneOfPath(globalThis.location.pathname) ?? 'h5'} appId={appId} /> : null}
        {type === 2 ? (
          <CoinIndexLine scene={sceneOfPath(globalThis.location.pathname) ?? 'h5'} appId={appId} filters={filters} />
        ) : null}
        <SortBar
          type={type}
          sort={sort}
          onChange={(s) => update({ ...filters, sort: s })}
          filterCount={countPanelFilters(filters)}
          onOpenFilter={() => setPanelOpen(true)}
        />
        {filters.keyword ? (
          <KeywordScope
            scene={sceneOfPath(globalThis.location.pathname) ?? 'h5'}
            appId={appId}
            keyword={filters.keyword}
            widen={!sdk}
          />
        ) : null}
      </div>
      {isLoading ? <CardSkeletons /> : null}
      {isError ? (
        <EmptyState
          title={error.message || copy.networkError}
          art="error"
          action={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => refetch()}>
              {copy.retry}
            </button>
          }
        />
      ) : null}
      {data && unique.length === 0 ? <EmptyState title={copy.empty} hint={copy.emptyHint} /> : null}
      <div>
        {unique.map((item) => (
          <CommodityCard key={item.id} item={item} />
        ))}
      </div>
      <div ref={sentinel} />
      {isFetchingNextPage ? <CardSkeletons count={2} /> : null}
      {data && unique.length > 0 && !hasNextPage ? (
        <div className="c-more" data-testid="list-end">
          没有更多了
        </div>
      ) : null}
      {panelOpen ? (
        <FilterPanel
          appId={appId}
          filters={filters}
          onClose={() => setPanelOpen(false)}
          onApply={(next) => {
            setPanelOpen(false);
            update(next);
          }}
        />
      ) : null}
    </div>
  );
}
