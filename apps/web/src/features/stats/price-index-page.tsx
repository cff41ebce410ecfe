import { LEVEL_BAND_SIZE, type PriceIndex } from '@app/protocol/calls/market-index';
import { type PropSubType, propSubTypeLabel } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { isPcScene } from '@app/protocol/platform';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { PageFrame } from '../../components/pc-page-frame';
import { sceneOfPath } from '../../lib/platform';
import { useGameConfig, useServerAll } from '../../lib/queries/get-filter-options';
import { useGameLobby } from '../../lib/queries/get-game-lobby';
import { usePriceIndex } from '../../lib/queries/get-price-index';
import { PriceIndexChart } from './price-index-chart';
import './price-index.css';

const TYPES = [
  { type: 2, label: '游戏币' },
  { type: 1, label: '角色' },
  { type: 3, label: '道具' },
] as const;
const RANGES = [7, 30, 90] as const;

/** A level band's label ('40–49级'); the server sends '40-49'. */
const bandLabel = (band: string) => (band ? `${band.replace('-', '–')}级` : '不限等级');

function useKindName(appId: string, type: number) {
  const { data: config } = useGameConfig(appId);
  return (kind: string): string => {
    if (!kind) return '未分类';
    if (type === 2) return config?.coinTypeList.find((c) => String(c.type) === kind)?.name ?? `币种${kind}`;
    if (type === 1) return config?.roleTypeList.find((r) => String(r.type) === kind)?.name ?? `职业${kind}`;
    return propSubTypeLabel[Number(kind) as PropSubType] ?? `类别${kind}`;
  };
}

function Summary({ data, unit }: { data: PriceIndex; unit: string }) {
  const r = data.range;
  if (!r) return null;
  return (
    <div className="pi-summary" data-testid="price-index-summary">
      <div>
        <small className="muted">区间中位价</small>
        <b>
          {formatPriceFen(r.median)}
          {unit}
        </b>
      </div>
      <div>
        <small className="muted">P25–P75</small>
        <span>
          {formatPriceFen(r.p25)}–{formatPriceFen(r.p75)}
        </span>
      </div>
      <div>
        <small className="muted">成交笔数</small>
        <span>{r.trades}</span>
      </div>
    </div>
  );
}

/**
 * /{scene}/pages/market/priceIndex?applicationId=…: 行情 of a game, the daily median of finished
 * trades with its P25–P75 band (coins in ¥/万 per coin type and server group; roles by class and
 * level band; props by sub-type), over the last 7, 30 or 90 days. Loaded only when opened.
 */
export default function PriceIndexPage() {
  const [params, setParams] = useSearchParams();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcScene(scene);
  const appId = params.get('applicationId') ?? '';
  const type = Number(params.get('type') ?? 2) || 2;
  const days = RANGES.find((d) => String(d) === params.get('days')) ?? 30;
  const { data: config } = useGameConfig(appId);
  const { data: servers } = useServerAll(appId);
  const { data: lobby } = useGameLobby('');
  const firstCoin = config?.coinTypeList[0]?.type;
  const kind = params.get('kind') ?? (type === 2 && firstCoin !== undefined ? String(firstCoin) : '');
  const levelBand = type === 1 ? (params.get('levelBand') ?? '') : '';
  const masterServerId = params.get('masterServerId') ?? '';
  const ready = type !== 2 || kind !== '';
  const index = usePriceIndex(ready ? appId : '', { type, kind, masterServerId, levelBand, days });
  const kindName = useKindName(appId, type);
  const unit = type === 2 ? '/万' : '';
  const games = lobby ? [...lobby.hot, ...lobby.groups.flatMap((g) => g.games)] : [];
  const gameName = games.find((g) => g.applicationId === appId)?.gameName;
  const set = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const groups = servers?.groups ?? [];
  const body = !appId ? (
    <EmptyState title="请选择游戏后查看行情" />
  ) : (
    <div className={pc ? 'pi pi-pc' : 'pi'} data-testid="price-index-page">
      <div className="pi-tabs" role="tablist">
        {TYPES.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={t.type === type}
            className={t.type === type ? 'active' : ''}
            onClick={() => set({ type: String(t.type), kind: null, levelBand: null })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="pi-filters">
        {type === 2 ? (
          <select aria-label="游戏币种类" value={kind} onChange={(e) => set({ kind: e.target.value })}>
            {config?.coinTypeList.map((c) => (
              <option key={c.type} value={String(c.type)}>
                {c.name}
              </option>
            ))}
          </select>
        ) : null}
        <select aria-label="区服" value={masterServerId} onChange={(e) => set({ masterServerId: e.target.value })}>
          <option value="">全部区服</option>
          {groups.map((g) => (
            <option key={g.masterServerId} value={g.masterServerId}>
              {g.servers.map((s) => s.serverName).join('/') || g.masterServerId}
            </option>
          ))}
        </select>
        <div className="pi-days">
          {RANGES.map((d) => (
            <button
              key={d}
              type="button"
              className={d === days ? 'active' : ''}
              aria-pressed={d === days}
              onClick={() => set({ days: String(d) })}
            >
              {d}天
            </button>
          ))}
        </div>
      </div>
      <section className="card pi-card">
        <div className="pi-title">
          {type === 2
            ? `${kindName(kind)} 每万单价`
            : kind
              ? `${kindName(kind)} ${type === 1 ? bandLabel(levelBand) : ''}`
              : `全部${type === 1 ? '角色' : '道具'}`}
          <small className="muted"> 每日成交中位价 · 阴影为 P25–P75</small>
        </div>
        {index.isPending ? (
          <div className="skeleton" style={{ height: 180 }} />
        ) : index.data ? (
          <>
            <Summary data={index.data} unit={unit} />
            <PriceIndexChart points={index.data.points} unit={unit} width={pc ? 960 : 360} />
            {index.data.range && index.data.range.trimmed > 0 ? (
              <p className="muted pi-note">已剔除 {index.data.range.trimmed} 笔偏离中位价三倍以上的成交</p>
            ) : null}
          </>
        ) : (
          <FailureState
            error={index.error}
            onRetry={() => void index.refetch()}
            refused={<EmptyState art="error" title="行情暂时无法加载" hint="请稍后再试" />}
          />
        )}
      </section>
      {type !== 2 && index.data && index.data.kinds.length > 0 ? (
        <section className="card pi-card">
          <div className="pi-title">{type === 1 ? '按职业与等级段' : '按道具类别'}</div>
          <table className="pi-table" data-testid="price-index-kinds">
            <thead>
              <tr>
                <th>{type === 1 ? '职业 · 等级' : '类别'}</th>
                <th>中位价</th>
                <th>P25–P75</th>
                <th>笔数</th>
              </tr>
            </thead>
            <tbody>
              {index.data.kinds.map((k) => {
                const chosen = k.kind === kind && k.levelBand === levelBand;
                return (
                  <tr key={`${k.kind}/${k.levelBand}`} className={chosen ? 'chosen' : ''}>
                    <td>
                      <button
                        type="button"
                        className="pi-link"
                        onClick={() =>
                          set(chosen ? { kind: null, levelBand: null } : { kind: k.kind, levelBand: k.levelBand })
                        }
                      >
                        {kindName(k.kind)}
                        {type === 1 ? ` · ${bandLabel(k.levelBand)}` : ''}
                      </button>
                    </td>
                    <td className="price">{formatPriceFen(k.median)}</td>
                    <td>
                      {formatPriceFen(k.p25)}–{formatPriceFen(k.p75)}
                    </td>
                    <td>{k.trades}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ) : null}
      <p className="muted pi-note">
        按已完成交易的成交价计算，每日更新；中位价不受个别异常低价或高价影响。
        {type === 1 ? ` 等级段每${LEVEL_BAND_SIZE}级一档。` : ''}
      </p>
    </div>
  );
  return <PageFrame title={`${gameName ?? ''}行情`}>{body}</PageFrame>;
}
