import type { PriceIndex, PriceIndexQuery } from '@app/protocol/calls/market-index';
import { CommodityType } from '@app/protocol/commodity';
import type { Db } from '../../platform/db/database';
import { statsDb } from './stats.tables';
import { dayOf, dayStart } from './stats-sources';

/** One bin as read: its index, how many trades, the sum of their prices. */
export interface Bin {
  bin: number;
  n: number;
  total: number;
}

/** Coin trades below a third or above three times the median are left out (decision 0065). */
const TRIM_FACTOR = 3;

interface Figures {
  trades: number;
  trimmed: number;
  p25: number;
  median: number;
  p75: number;
}

/**
 * The quantile `q` of the prices a histogram holds, by linear interpolation between ranks as the
 * sell form's band (`quantile` in exchange/price-history.queries.ts); a rank's price is the mean
 * of its bin, exact where the bin's trades share a price, else within the bin's 1%.
 */
export function binQuantile(bins: readonly Bin[], q: number): number {
  const sorted = [...bins].sort((a, b) => a.bin - b.bin);
  const count = sorted.reduce((s, b) => s + b.n, 0);
  if (count === 0) return 0;
  const at = (rank: number): number => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.n;
      if (rank < seen) return b.total / b.n;
    }
    const last = sorted[sorted.length - 1] as Bin;
    return last.total / last.n;
  };
  const pos = (count - 1) * q;
  const lo = Math.floor(pos);
  const a = at(lo);
  const b = at(Math.ceil(pos));
  return Math.round(a + (b - a) * (pos - lo));
}

/**
 * The median and P25–P75 band of a histogram; null when empty. With `trim` (coins, a fungible
 * good) the trades beyond ÷3 / ×3 of the first median are left out and the figures taken again.
 */
export function figuresOf(bins: readonly Bin[], trim: boolean): Figures | null {
  const all = bins.filter((b) => b.n > 0);
  if (all.length === 0) return null;
  const median = binQuantile(all, 0.5);
  const kept = all.filter((b) => {
    if (!trim) return true;
    const mean = b.total / b.n;
    return mean * TRIM_FACTOR >= median && mean <= median * TRIM_FACTOR;
  });
  const count = (list: readonly Bin[]) => list.reduce((s, b) => s + b.n, 0);
  return {
    trades: count(kept),
    trimmed: count(all) - count(kept),
    p25: binQuantile(kept, 0.25),
    median: binQuantile(kept, 0.5),
    p75: binQuantile(kept, 0.75),
  };
}

/** Bins of the same index summed (counts and sums add across days, server groups and kinds). */
function summed(rows: readonly Bin[]): Bin[] {
  const byBin = new Map<number, Bin>();
  for (const r of rows) {
    const b = byBin.get(r.bin) ?? { bin: r.bin, n: 0, total: 0 };
    b.n += r.n;
    b.total += r.total;
    byBin.set(r.bin, b);
  }
  return [...byBin.values()];
}

function group<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * The price index of a game (the call's query, already validated: at most 90 days) from the day
 * histograms only: each day's figures, the range's, and the range's per kind and level band.
 */
export async function priceIndexOf(db: Db, game: string, q: PriceIndexQuery): Promise<PriceIndex> {
  const from = dayStart(q.from);
  const to = new Date(dayStart(q.to).getTime() + 86_400_000);
  let query = statsDb(db)
    .selectFrom('stats_price_daily')
    .select(['bucket', 'kind', 'level_band', 'bin', 'n', 'total'])
    .where('game', '=', game)
    .where('goods_type', '=', String(q.type))
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
  if (q.masterServerId) query = query.where('server_group', '=', q.masterServerId);
  const rows = (await query.execute()).map((r) => ({
    day: dayOf(new Date(r.bucket)),
    kind: r.kind,
    levelBand: r.level_band,
    bin: Number(r.bin),
    n: Number(r.n),
    total: Number(r.total),
  }));
  const trim = q.type === CommodityType.COIN;
  const chosen = rows.filter((r) => (!q.kind || r.kind === q.kind) && (!q.levelBand || r.levelBand === q.levelBand));
  const points = [...group(chosen, (r) => r.day)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([day, list]) => {
      const f = figuresOf(summed(list), trim);
      return f ? [{ day, ...f }] : [];
    });
  const kinds = [...group(rows, (r) => JSON.stringify([r.kind, r.levelBand]))]
    .flatMap(([key, list]) => {
      const [kind, levelBand] = JSON.parse(key) as [string, string];
      const f = figuresOf(summed(list), trim);
      return f ? [{ kind, levelBand, ...f }] : [];
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || bandLow(a.levelBand) - bandLow(b.levelBand));
  return { points, range: figuresOf(summed(chosen), trim), kinds };
}

const bandLow = (band: string) => (band ? Number(band.split('-')[0]) : -1);
