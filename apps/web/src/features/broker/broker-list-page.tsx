import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { PcPager } from '../../components/pc-pager';
import { copy } from '../../lib/copy';
import { listAppId } from '../../lib/list-app-id';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useGameLobby } from '../../lib/queries/get-game-lobby';
import { useBrokerConfig, useBrokerMarket, useBrokerServers } from './api/broker-api';
import { BrokerCard, BrokerRow } from './broker-card';
import { allGames } from './broker-logic';
import './broker.css';

export const BROKER_PAGE_SIZE = 20;

/** The page of the query, 1 when missing or not a page number. */
const pageOf = (params: URLSearchParams) => {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1000) : 1;
};

/** /{scene}/pages/broker/commodityList: 商人卖币, the merchants' coin listings of a game by server and coin type. */
export default function BrokerListPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const [params, setParams] = useSearchParams();
  const appId = listAppId(params);
  const serverId = params.get('serverId') ?? '';
  const sort = params.get('sort') === 'stock' ? 'stock' : 'price';
  const page = pageOf(params);
  const lobby = useGameLobby('');
  const game = allGames(lobby.data).find((g) => g.applicationId === appId);
  const config = useBrokerConfig(appId);
  // Prices of different coins do not compare: the list is always of one coin, the game's first by default.
  const goldTypes = config.data?.goldTypes ?? [];
  const goldTypeText = params.get('goldType') ?? String(goldTypes[0]?.goldType ?? '');
  const servers = useBrokerServers(appId);
  const market = useBrokerMarket(
    {
      applicationId: appId,
      ...(serverId ? { serverId } : {}),
      ...(goldTypeText ? { goldType: Number(goldTypeText) } : {}),
      sort,
      page,
      pageSize: BROKER_PAGE_SIZE,
    },
    Boolean(config.data?.enabled),
  );
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: key !== 'page' });
    if (key === 'page') globalThis.scrollTo({ top: 0 });
  };
  const list = market.data?.list ?? [];
  const total = market.data?.total ?? 0;
  const last = Math.max(Math.ceil(total / BROKER_PAGE_SIZE), market.data?.hasMore ? page + 1 : page);
  const closed = config.data && !config.data.enabled;
  const title = game ? `${game.gameName} · 商人卖币` : '商人卖币';

  const filters = (
    <div className={pc ? 'broker-filters broker-filters-pc' : 'card broker-filters'} data-testid="broker-filters">
      <label className="broker-filter">
        <span>区服</span>
        <select
          value={serverId}
          onChange={(e) => set('serverId', e.target.value)}
          data-testid="broker-server"
          aria-label="选择区服"
        >
          <option value="">全部区服</option>
          {servers.data?.list.map((s) => (
            <option key={s.serverId} value={s.serverId}>
              {s.serverName}
            </option>
          ))}
        </select>
      </label>
      <div className="broker-filter">
        <span>币种</span>
        <div className="broker-chips">
          {goldTypes.map((g) => (
            <button
              key={String(g.goldType)}
              type="button"
              aria-pressed={goldTypeText === String(g.goldType)}
              className={`broker-chip${goldTypeText === String(g.goldType) ? ' on' : ''}`}
              onClick={() => set('goldType', String(g.goldType))}
              data-testid={`broker-gold-${g.goldType}`}
            >
              {g.goldName}
            </button>
          ))}
        </div>
      </div>
      <div className="broker-filter">
        <span>排序</span>
        <div className="broker-chips">
          {(
            [
              ['price', '价格最低'],
              ['stock', '库存最多'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={sort === value}
              className={`broker-chip${sort === value ? ' on' : ''}`}
              onClick={() => set('sort', value === 'price' ? '' : value)}
              data-testid={`broker-sort-${value}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );

  const banner = (
    <section className="broker-banner" data-testid="broker-banner">
      <div>
        <b>商人卖币</b>
        <span>认证商人现货直供 · 按需购买 · 平台担保交易</span>
      </div>
      <Link to={paths.merchantCenter(scene, appId)} className="broker-banner-link" data-testid="broker-merchant-entry">
        我是商人，去入驻
      </Link>
    </section>
  );

  const body = !appId ? (
    <EmptyState title="请先选择游戏" hint="从首页或游戏大厅选择游戏后查看商人卖币" />
  ) : closed ? (
    <EmptyState title="该游戏暂未开放商人卖币" hint="可先在游戏币分类中购买玩家寄售的游戏币" />
  ) : market.isError ? (
    <EmptyState
      title={market.error.message || copy.networkError}
      art="error"
      action={
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => market.refetch()}>
          {copy.retry}
        </button>
      }
    />
  ) : market.isPending || config.isPending ? (
    <div className="skeleton broker-skeleton broker-skeleton-240" />
  ) : list.length === 0 ? (
    <EmptyState title="暂无商人在售" hint="换个区服或币种看看" />
  ) : pc ? (
    <table
      className={`data-table broker-table${market.isPlaceholderData ? ' broker-stale' : ''}`}
      data-testid="broker-list"
    >
      <thead>
        <tr>
          <th>商家</th>
          <th>区服/币种</th>
          <th>单价</th>
          <th>库存</th>
          <th>单笔限额</th>
          <th>发货时效</th>
          <th aria-label="操作" />
        </tr>
      </thead>
      <tbody>
        {list.map((l) => (
          <BrokerRow key={l.commodityId} listing={l} scene={scene} />
        ))}
      </tbody>
    </table>
  ) : (
    <div className={market.isPlaceholderData ? 'broker-stale' : undefined} data-testid="broker-list">
      {list.map((l) => (
        <BrokerCard key={l.commodityId} listing={l} scene={scene} />
      ))}
    </div>
  );

  return (
    <PageFrame title="商人卖币" pcTitle={title}>
      <div className={pc ? 'broker-page broker-page-pc' : 'broker-page'} data-testid="broker-list-page">
        {banner}
        {appId && !closed ? filters : null}
        {market.data && list.length > 0 ? (
          <div className="muted broker-count" data-testid="broker-count">
            共 {total} 家商人在售
          </div>
        ) : null}
        {body}
        {market.data && list.length > 0 ? (
          pc ? (
            <PcPager page={page} last={last} onChange={(p) => set('page', p > 1 ? String(p) : '')} />
          ) : last > 1 ? (
            <div className="broker-pager" data-testid="broker-pager">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={page <= 1}
                onClick={() => set('page', page > 2 ? String(page - 1) : '')}
              >
                上一页
              </button>
              <span className="muted">
                第 {page} / {last} 页
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={page >= last}
                onClick={() => set('page', String(page + 1))}
              >
                下一页
              </button>
            </div>
          ) : (
            <div className="c-more">没有更多了</div>
          )
        ) : null}
      </div>
    </PageFrame>
  );
}
