import type { CommodityListQuery, CommoditySort } from '@app/protocol/calls/exchange';
import { COMMODITY_SORTS } from '@app/protocol/calls/exchange';

/**
 * The list's filters live in the URL query (names as commodityList takes them, prices in fen),
 * so back / forward and a shared link show the same list.
 */
export type ListFilters = Partial<Omit<CommodityListQuery, 'page' | 'pageSize'>>;

const INT_KEYS = [
  'type',
  'crossServer',
  'roleType',
  'levelMin',
  'levelMax',
  'coinType',
  'coinNumMin',
  'subType',
  'priceMin',
  'priceMax',
  'saleType',
] as const;
const TEXT_KEYS = ['serverId', 'masterServerId', 'keyword'] as const;

/** Every query key the list owns; others (applicationId, platform ...) are left alone. */
export const FILTER_KEYS: readonly string[] = [...INT_KEYS, ...TEXT_KEYS, 'sort'];

export function filtersFromQuery(params: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  for (const key of INT_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 0) filters[key] = n;
  }
  for (const key of TEXT_KEYS) {
    const raw = params.get(key)?.trim();
    if (raw) filters[key] = raw.slice(0, key === 'keyword' ? 30 : 64);
  }
  const sort = params.get('sort');
  if (sort && (COMMODITY_SORTS as readonly string[]).includes(sort)) filters.sort = sort as CommoditySort;
  return filters;
}

/** The query with the list's keys replaced by `filters` (other keys kept). */
export function queryWithFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    next.set(key, String(value));
  }
  return next;
}

/** Filters that only make sense for one commodity type are dropped when the type changes. */
export function withType(filters: ListFilters, type: number | undefined): ListFilters {
  const { roleType, levelMin, levelMax, coinType, coinNumMin, subType, ...rest } = filters;
  const kept: ListFilters = { ...rest, type };
  if (type === 1) Object.assign(kept, { roleType, levelMin, levelMax });
  if (type === 2) Object.assign(kept, { coinType, coinNumMin });
  if (type === 3) Object.assign(kept, { subType });
  if (type !== 1 && (kept.sort === 'levelAsc' || kept.sort === 'levelDesc')) delete kept.sort;
  if (type !== 2 && kept.sort === 'unitPriceAsc') delete kept.sort;
  return kept;
}

/** How many filters of the panel are set (for the badge on the filter button). */
export function countPanelFilters(f: ListFilters): number {
  const keys = ['serverId', 'masterServerId', 'roleType', 'coinType', 'coinNumMin', 'subType', 'saleType'] as const;
  let n = keys.filter((k) => f[k] !== undefined).length;
  if (f.levelMin !== undefined || f.levelMax !== undefined) n += 1;
  if (f.priceMin !== undefined || f.priceMax !== undefined) n += 1;
  return n;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** '12.5' 元 → 1250 fen; empty → undefined; at most two decimals. */
export function yuanToFen(text: string): Parsed<number | undefined> {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+(\.\d*)?$/.test(t)) return { ok: false, error: '请输入正确的价格' };
  const [whole = '0', frac = ''] = t.split('.');
  if (frac.length > 2) return { ok: false, error: '价格最多保留两位小数' };
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(fen) || fen > 1e12) return { ok: false, error: '价格超出范围' };
  return { ok: true, value: fen };
}

/** 1250 fen → '12.5' for the price inputs. */
export function fenToYuanText(fen: number | undefined): string {
  if (fen === undefined) return '';
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return cents === 0 ? String(yuan) : `${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

export function parseIntField(text: string, label: string): Parsed<number | undefined> {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(t) || Number(t) > 1e15) return { ok: false, error: `请输入正确的${label}` };
  return { ok: true, value: Number(t) };
}

/** Both ends of a range, each optional; min above max is refused with `message`. */
export function checkRange(min: number | undefined, max: number | undefined, message: string): string | null {
  return min !== undefined && max !== undefined && min > max ? message : null;
}
