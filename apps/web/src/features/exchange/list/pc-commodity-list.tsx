import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BrokerEntry } from '../../../components/broker-entry';
import { EmptyState } from '../../../components/empty-state';
import { KeywordScope } from '../../../components/keyword-scope';
import { PcPager } from '../../../components/pc-pager';
import { copy } from '../../../lib/copy';
import { sceneOfPath } from '../../../lib/platform';
import { useGameLobby } from '../../../lib/queries/get-game-lobby';
import { commodityListOptions } from '../api/get-commodity-list';
import { CommodityCard } from '../commodity-card';
import { CoinIndexLine } from './coin-index-line';
import { filtersFromQuery, type ListFilters, queryWithFilters, withType } from './commodity-filters';
import { CardSkeletons } from './commodity-list-body';
import { FilterForm } from './filter-panel';
import { allGames } from './game-pick';
import { KeywordBox } from './keyword-box';
import { SortBar } from './sort-bar';
import { TypeTabs } from './type-tabs';
import '../commodity.css';

export const PC_PAGE_SIZE = 20;
/** The server pages no deeper than this (commodityList page ≤ 100). */
const MAX_PAGE = 100;

/** The page in the query, 1 when missing or not a page number. */
export function pageOfQuery(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** The last page: from the count, or one past the current while the server says there is more. */
export function lastPage(page: number, total: number, hasMore: boolean): number {
  const counted = Math.ceil(total / PC_PAGE_SIZE);
  return Math.min(MAX_PAGE, Math.max(counted, hasMore ? page + 1 : page));
}

/** The sidebar's games: the one in view lit, a click opens another game's list (its filters dropped). */
function GameMenu({ appId, onPick }: { appId: string; onPick: (applicationId: string) => void }) {
  const { data } = useGameLobby('');
  return (
    <div className="pc-game-list" data-testid="pc-game-menu">
      {allGames(data).map((g) => (
        <button
          key={g.applicationId}
          type="button"
          className={`pc-game-option${g.applicationId === appId ? ' active' : ''}`}
          aria-pressed={g.applicationId === appId}
          data-testid="pc-game-option"
          onClick={() => onPick(g.applicationId)}
        >
          <img src={g.iconUrl} alt="" width={24} height={24} />
          {g.gameName}
          <span className="muted">{g.onSaleCount}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The PC list of one game: games and filters in the left sidebar; type tabs, keyword, sorts and
 * the result count above the results; page numbers below (the filters and the page in the URL).
 */
export function PcCommodityList({ appId }: { appId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const { type, sort = 'newest' } = filters;
  const page = pageOfQuery(params);
  const { data, isLoading, isError, error, refetch, isPlaceholderData, isFetching } = useQuery({
    ...commodityListOptions(appId, { ...filters, page, pageSize: PC_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const update = (next: ListFilters) => {
    const query = queryWithFilters(params, next);
    query.delete('page');
    setParams(query);
  };
  const goPage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
    globalThis.scrollTo({ top: 0 });
  };
  const pickGame = (applicationId: string) => setParams(new URLSearchParams({ applicationId }));
  const items = data?.list ?? [];
  const total = data?.total ?? 0;

  return (
    <div className="pc-list" data-testid="commodity-list" aria-busy={isFetching} data-query={params.toString()}>
      <aside className="pc-list-side" data-testid="pc-list-side">
        <div className="pc-side-title">游戏</div>
        <GameMenu appId={appId} onPick={pickGame} />
        <div className="pc-side-title" style={{ marginTop: 20 }}>
          筛选
        </div>
        <FilterForm
          key={`${appId}?${queryWithFilters(new URLSearchParams(), filters)}`}
          appId={appId}
          filters={filters}
          onApply={update}
        />
      </aside>
      <section className="pc-list-main">
        <div className="pc-list-head">
          <KeywordBox value={filters.keyword ?? ''} onSubmit={(keyword) => update({ ...filters, keyword })} />
          <TypeTabs type={type} onChange={(t) => update(withType(filters, t))} />
          {type === 2 ? <BrokerEntry scene={sceneOfPath(globalThis.location.pathname) ?? 'web'} appId={appId} /> : null}
          {type === 2 ? (
            <CoinIndexLine scene={sceneOfPath(globalThis.location.pathname) ?? 'web'} appId={appId} filters={filters} />
          ) : null}
          <div className="pc-list-bar">
            <SortBar type={type} sort={sort} onChange={(s) => update({ ...filters, sort: s })} />
            {data ? (
              <span className="pc-result-count" data-testid="result-count">
                共<b>{total >= 1000 ? '1000+' : total}</b>件商品
              </span>
            ) : null}
          </div>
          {filters.keyword ? (
            <KeywordScope
              scene={sceneOfPath(globalThis.location.pathname) ?? 'web'}
              appId={appId}
              keyword={filters.keyword}
            />
          ) : null}
        </div>
        {isLoading ? <CardSkeletons /> : null}
        {isError ? (
          <EmptyState
            title={error.message || copy.networkError}
            action={
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => refetch()}>
                {copy.retry}
              </button>
            }
          />
        ) : null}
        {data && items.length === 0 ? <EmptyState title={copy.empty} hint={copy.emptyHint} /> : null}
        <div className="c-grid-pc" style={{ opacity: isPlaceholderData ? 0.6 : 1 }} data-page={data?.page}>
          {items.map((item) => (
            <CommodityCard key={item.id} item={item} />
          ))}
        </div>
        {data ? <PcPager page={page} last={lastPage(page, total, data.hasMore)} onChange={goPage} /> : null}
      </section>
    </div>
  );
}
