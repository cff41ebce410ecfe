import {
  AB_TEST_NAME,
  type AbComparison,
  type AbMetric,
  daysBetween,
  type Rate,
  STATS_CSV_COLUMNS,
  type StatsDashboard,
  type StatsDay,
  type StatsMetric,
  type StatsQuery,
} from '@app/protocol/ops-stats';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { twoProportionZ } from './ab-test';
import { statsDb } from './stats.tables';
import { rolledUpTo } from './stats-rollup';
import { dayOf, dayStart } from './stats-sources';

type Sums = Partial<Record<StatsMetric, number>>;

const DAY = 86_400_000;

/** The day rollups of a range with the query's filters: rows of (bucket, ab group, metric, sum). */
async function daySums(db: Db, q: StatsQuery) {
  const from = dayStart(q.from);
  const to = new Date(dayStart(q.to).getTime() + DAY);
  let query = statsDb(db)
    .selectFrom('stats_daily')
    .select(['bucket', 'ab_group', 'metric', sql<string>`sum(value)`.as('total')])
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .groupBy(['bucket', 'ab_group', 'metric']);
  if (q.game) query = query.where('game', '=', q.game);
  if (q.goodsType) query = query.where('goods_type', '=', q.goodsType);
  return (await query.execute()).map((r) => ({
    day: dayOf(new Date(r.bucket)),
    ab: r.ab_group,
    metric: r.metric as StatsMetric,
    value: Number(r.total),
  }));
}

const rate = (x: number, n: number): Rate => (n > 0 ? x / n : null);

/** One day's (or the total's) figures from its metric sums. */
export function figuresOf(day: string, s: Sums): StatsDay {
  const v = (m: StatsMetric) => s[m] ?? 0;
  const paid = v('orders_paid');
  const gmv = v('gmv_fen');
  return {
    day,
    visitors: v('visitors'),
    exposures: v('exposures'),
    clicks: v('clicks'),
    details: v('details'),
    ordersPlaced: v('orders_placed'),
    ordersPaid: paid,
    ordersFinished: v('orders_finished'),
    clickRate: rate(v('clicks'), v('exposures')),
    detailRate: rate(v('details'), v('clicks')),
    orderRate: rate(v('orders_placed'), v('details')),
    payRate: rate(paid, v('orders_placed')),
    finishRate: rate(v('orders_finished'), paid),
    gmvFen: gmv,
    feeFen: v('fee_fen'),
    takeRate: rate(v('fee_fen'), gmv),
    averageOrderFen: paid > 0 ? Math.round(gmv / paid) : null,
    ordersRefunded: v('orders_refunded'),
    ordersDisputed: v('orders_disputed'),
    refundRate: rate(v('orders_refunded'), paid),
    disputeRate: rate(v('orders_disputed'), paid),
    newBuyers: v('new_buyers'),
    newSellers: v('new_sellers'),
    listingsAdded: v('listings_added'),
    listingsSold: v('listings_sold'),
    supportCases: v('support_cases'),
  };
}

/** Every Beijing day of the range, both ends included. */
function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysBetween(from, to) }, (_, i) => new Date(start + i * DAY).toISOString().slice(0, 10));
}

/** 数据: the range's day figures and total, from the day rollups only. */
export async function dashboard(db: Db, q: StatsQuery): Promise<StatsDashboard> {
  const rows = await daySums(db, q);
  const byDay = new Map<string, Sums>();
  const total: Sums = {};
  for (const r of rows) {
    const sums = byDay.get(r.day) ?? {};
    sums[r.metric] = (sums[r.metric] ?? 0) + r.value;
    byDay.set(r.day, sums);
    total[r.metric] = (total[r.metric] ?? 0) + r.value;
  }
  const from = dayStart(q.from);
  const to = new Date(dayStart(q.to).getTime() + DAY);
  const present = async (column: 'game' | 'goods_type') =>
    (
      await statsDb(db)
        .selectFrom('stats_daily')
        .select(column)
        .distinct()
        .where('bucket', '>=', from)
        .where('bucket', '<', to)
        .where(column, '<>', '')
        .orderBy(column)
        .execute()
    ).map((r) => (r as Record<typeof column, string>)[column]);
  const mark = await rolledUpTo(db);
  return {
    from: q.from,
    to: q.to,
    game: q.game ?? null,
    goodsType: q.goodsType ?? null,
    days: daysOf(q.from, q.to).map((d) => figuresOf(d, byDay.get(d) ?? {})),
    total: figuresOf('total', total),
    games: await present('game'),
    goodsTypes: await present('goods_type'),
    rolledUpTo: mark?.toISOString() ?? null,
  };
}

const STEPS: ReadonlyArray<[AbMetric['metric'], string, StatsMetric, StatsMetric]> = [
  ['clickRate', '点击率（点击/曝光）', 'clicks', 'exposures'],
  ['detailRate', '详情率（详情/点击）', 'details', 'clicks'],
  ['orderRate', '下单率（下单/详情）', 'orders_placed', 'details'],
  ['payRate', '支付率（支付/下单）', 'orders_paid', 'orders_placed'],
  ['finishRate', '完成率（完成/支付）', 'orders_finished', 'orders_paid'],
];

/** A/B: each funnel step's rate per group over the range, B against A by the two-proportion z-test. */
export async function abComparison(db: Db, q: StatsQuery): Promise<AbComparison> {
  const groups: Record<'A' | 'B', Sums> = { A: {}, B: {} };
  for (const r of await daySums(db, q)) {
    if (r.ab !== 'A' && r.ab !== 'B') continue;
    groups[r.ab][r.metric] = (groups[r.ab][r.metric] ?? 0) + r.value;
  }
  const side = (g: Sums, x: StatsMetric, n: StatsMetric) => ({
    successes: g[x] ?? 0,
    trials: g[n] ?? 0,
    rate: rate(g[x] ?? 0, g[n] ?? 0),
  });
  return {
    from: q.from,
    to: q.to,
    groups: { a: groups.A.visitors ?? 0, b: groups.B.visitors ?? 0 },
    metrics: STEPS.map(([metric, label, x, n]) => {
      const a = side(groups.A, x, n);
      const b = side(groups.B, x, n);
      const test = twoProportionZ(a.successes, a.trials, b.successes, b.trials);
      return { metric, label, a, b, z: test?.z ?? null, pValue: test?.p ?? null, significant: (test?.p ?? 1) < 0.05 };
    }),
    test: AB_TEST_NAME,
  };
}

const cell = (v: StatsDay[keyof StatsDay]) =>
  v === null ? '' : typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(4) : String(v);

/** The dashboard's days and total as CSV (UTF-8 with a BOM, so spreadsheet programs read the Chinese headers). */
export function dashboardCsv(d: StatsDashboard): string {
  const lines = [STATS_CSV_COLUMNS.map(([, header]) => header).join(',')];
  for (const day of [...d.days, { ...d.total, day: '合计' }])
    lines.push(STATS_CSV_COLUMNS.map(([key]) => cell(day[key])).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
