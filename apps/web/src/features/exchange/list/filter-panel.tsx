import { type PropSubType, propSubTypeLabel } from '@app/protocol/commodity';
import { useState } from 'react';
import { Portal } from '../../../components/portal';
import { useGameConfig } from '../../../lib/queries/get-filter-options';
import { checkRange, fenToYuanText, type ListFilters, parseIntField, yuanToFen } from './commodity-filters';
import { type ServerChoice, ServerPicker } from './server-picker';

const SALE_TYPES = [
  { value: undefined, label: '全部' },
  { value: 0, label: '普通' },
  { value: 1, label: '预售' },
  { value: 2, label: '拍卖' },
] as const;
const SUB_TYPES = ([1, 2, 3, 4, 5, 6, 7] as PropSubType[]).map((v) => ({ value: v, label: propSubTypeLabel[v] }));

function Chips<T>({
  options,
  value,
  onChange,
  testId,
}: {
  options: ReadonlyArray<{ value: T | undefined; label: string }>;
  value: T | undefined;
  onChange: (v: T | undefined) => void;
  testId: string;
}) {
  return (
    <div className="c-chips" data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.label}
          type="button"
          className={`c-chip${o.value === value ? ' active' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

const numText = (n: number | undefined) => (n === undefined ? '' : String(n));

/**
 * The filters: server, type-specific fields, price in 元 (sent in fen) and sale type. The phone
 * shows them in a sheet (FilterPanel), the PC list in its sidebar.
 */
export function FilterForm({
  appId,
  filters,
  onApply,
}: {
  appId: string;
  filters: ListFilters;
  onApply: (f: ListFilters) => void;
}) {
  const { data: config } = useGameConfig(appId);
  const [server, setServer] = useState<ServerChoice>({
    serverId: filters.serverId,
    masterServerId: filters.masterServerId,
  });
  const [roleType, setRoleType] = useState(filters.roleType);
  const [coinType, setCoinType] = useState(filters.coinType);
  const [subType, setSubType] = useState(filters.subType);
  const [saleType, setSaleType] = useState(filters.saleType);
  const [text, setText] = useState({
    levelMin: numText(filters.levelMin),
    levelMax: numText(filters.levelMax),
    coinNumMin: numText(filters.coinNumMin),
    priceMin: fenToYuanText(filters.priceMin),
    priceMax: fenToYuanText(filters.priceMax),
  });
  const [error, setError] = useState<string | null>(null);
  const type = filters.type;
  const input = (key: keyof typeof text, placeholder: string) => (
    <input
      inputMode="decimal"
      placeholder={placeholder}
      value={text[key]}
      data-testid={`filter-${key}`}
      onChange={(e) => setText({ ...text, [key]: e.target.value })}
    />
  );

  const apply = () => {
    const levelMin = parseIntField(text.levelMin, '等级');
    const levelMax = parseIntField(text.levelMax, '等级');
    const coinNumMin = parseIntField(text.coinNumMin, '数量');
    const priceMin = yuanToFen(text.priceMin);
    const priceMax = yuanToFen(text.priceMax);
    for (const p of [levelMin, levelMax, coinNumMin, priceMin, priceMax]) if (!p.ok) return setError(p.error);
    const lmin = levelMin.ok ? levelMin.value : undefined;
    const lmax = levelMax.ok ? levelMax.value : undefined;
    const pmin = priceMin.ok ? priceMin.value : undefined;
    const pmax = priceMax.ok ? priceMax.value : undefined;
    const rangeError =
      checkRange(lmin, lmax, '最低等级不能高于最高等级') ?? checkRange(pmin, pmax, '最低价不能高于最高价');
    if (rangeError) return setError(rangeError);
    const next: ListFilters = {
      ...filters,
      ...server,
      saleType,
      priceMin: pmin,
      priceMax: pmax,
      roleType: type === 1 ? roleType : undefined,
      levelMin: type === 1 ? lmin : undefined,
      levelMax: type === 1 ? lmax : undefined,
      coinType: type === 2 ? coinType : undefined,
      coinNumMin: type === 2 && coinNumMin.ok ? coinNumMin.value : undefined,
      subType: type === 3 ? subType : undefined,
    };
    if (!server.serverId) delete next.serverId;
    if (!server.masterServerId) delete next.masterServerId;
    onApply(next);
  };

  return (
    <>
      <h4 style={{ marginTop: 0 }}>区服</h4>
      <ServerPicker appId={appId} value={server} onChange={setServer} />
      {type === 1 ? (
        <>
          <h4>职业</h4>
          <Chips
            testId="filter-roleType"
            value={roleType}
            onChange={setRoleType}
            options={[
              { value: undefined, label: '全部' },
              ...(config?.roleTypeList ?? []).map((r) => ({ value: r.type, label: r.name })),
            ]}
          />
          <h4>等级</h4>
          <div className="c-field">
            {input('levelMin', '最低等级')}—{input('levelMax', '最高等级')}
          </div>
        </>
      ) : null}
      {type === 2 ? (
        <>
          <h4>币种</h4>
          <Chips
            testId="filter-coinType"
            value={coinType}
            onChange={setCoinType}
            options={[
              { value: undefined, label: '全部' },
              ...(config?.coinTypeList ?? []).map((c) => ({ value: c.type, label: c.name })),
            ]}
          />
          <h4>最少数量</h4>
          <div className="c-field">{input('coinNumMin', '例如 100000')}</div>
        </>
      ) : null}
      {type === 3 ? (
        <>
          <h4>道具类型</h4>
          <Chips
            testId="filter-subType"
            value={subType}
            onChange={setSubType}
            options={[{ value: undefined, label: '全部' }, ...SUB_TYPES]}
          />
        </>
      ) : null}
      <h4>价格（元）</h4>
      <div className="c-field">
        {input('priceMin', '最低价')}—{input('priceMax', '最高价')}
      </div>
      <h4>出售方式</h4>
      <Chips testId="filter-saleType" value={saleType} onChange={setSaleType} options={SALE_TYPES} />
      {error ? (
        <div className="c-field-error" role="alert" data-testid="filter-error">
          {error}
        </div>
      ) : null}
      <div className="c-panel-actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => onApply({ type: filters.type, keyword: filters.keyword, sort: filters.sort })}
        >
          重置
        </button>
        <button type="button" className="btn btn-primary btn-sm" data-testid="filter-apply" onClick={apply}>
          确定
        </button>
      </div>
    </>
  );
}

/** The filters in a sheet over the phone list. */
export function FilterPanel({
  appId,
  filters,
  onApply,
  onClose,
}: {
  appId: string;
  filters: ListFilters;
  onApply: (f: ListFilters) => void;
  onClose: () => void;
}) {
  return (
    <Portal>
      <div className="mask sheet-mask" data-testid="filter-panel">
        <button type="button" aria-label="关闭" onClick={onClose} style={{ position: 'absolute', inset: 0 }} />
        <div className="c-panel" role="dialog">
          <FilterForm appId={appId} filters={filters} onApply={onApply} />
        </div>
      </div>
    </Portal>
  );
}
