import { z } from 'zod';

/**
 * The console's statistics (/ops/v1/stats, permission `stats`: 运营 and 管理员;
 * docs/decisions/0063-stats-rollups.md): the day figures of the market from the rollups, the
 * A/B comparison with its significance test, the CSV export. The server validates with these
 * schemas, the console's form uses them.
 */

/**
 * The rolled-up metrics, each owned by one source (tracking: the events; orders: the exchange's
 * orders; exchange: the listings and trades; support: the customer-service cases). Counts, except
 * `*_fen` (sums of fen).
 */
export const STATS_METRICS = [
  'visitors',
  'exposures',
  'clicks',
  'details',
  'orders_placed',
  'orders_paid',
  'orders_finished',
  'gmv_fen',
  'fee_fen',
  'orders_refunded',
  'orders_disputed',
  'new_buyers',
  'new_sellers',
  'listings_added',
  'listings_sold',
  'support_cases',
] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

/** The longest range one query answers (from and to both included). */
export const STATS_MAX_DAYS = 366;

const day = z
  .string({ error: '请选择日期' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 2026-12-02')
  .refine((d) => !Number.isNaN(new Date(`${d}T00:00:00+08:00`).getTime()), '日期不正确');

const dimension = (what: string) =>
  z
    .string()
    .trim()
    .max(40, `${what}过长`)
    .regex(/^[\w.-]*$/, `${what}不正确`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A day range (Beijing days, both included, at most a year), optionally one game and one goods type. */
export const statsQuery = z
  .object({ from: day, to: day, game: dimension('游戏'), goodsType: dimension('商品类型') })
  .refine((q) => q.from <= q.to, { message: '开始日期不能晚于结束日期' })
  .refine((q) => daysBetween(q.from, q.to) <= STATS_MAX_DAYS, { message: '一次最多查询一年（366天）' });
export type StatsQuery = z.infer<typeof statsQuery>;

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A rate, or null where its denominator is 0 (shown as —). */
export type Rate = number | null;

/** One day's figures (or the range's total with `day` = 'total'). Money in fen. */
export interface StatsDay {
  day: string;
  visitors: number;
  exposures: number;
  clicks: number;
  details: number;
  ordersPlaced: number;
  ordersPaid: number;
  ordersFinished: number;
  /** clicks / exposures, details / clicks, placed / details, paid / placed, finished / paid. */
  clickRate: Rate;
  detailRate: Rate;
  orderRate: Rate;
  payRate: Rate;
  finishRate: Rate;
  /** The paid orders' prices. */
  gmvFen: number;
  /** Buyer and seller fees of the finished orders. */
  feeFen: number;
  /** fee / GMV. */
  takeRate: Rate;
  /** GMV / paid orders, rounded to the fen. */
  averageOrderFen: number | null;
  ordersRefunded: number;
  ordersDisputed: number;
  /** refunded / paid, disputed / paid. */
  refundRate: Rate;
  disputeRate: Rate;
  newBuyers: number;
  newSellers: number;
  /** Listings put on sale (published), trades sold, customer-service cases opened (no game: counted in all games only). */
  listingsAdded: number;
  listingsSold: number;
  supportCases: number;
}

export interface StatsDashboard {
  from: string;
  to: string;
  game: string | null;
  goodsType: string | null;
  days: StatsDay[];
  total: StatsDay;
  /** The games and goods types present in the range (for the filters). */
  games: string[];
  goodsTypes: string[];
  /** The last hour the rollup has reached (ISO), or null before its first run. */
  rolledUpTo: string | null;
}

/** One step of the A/B comparison: successes over trials per group, B against A. */
export interface AbMetric {
  metric: 'clickRate' | 'detailRate' | 'orderRate' | 'payRate' | 'finishRate';
  label: string;
  a: { successes: number; trials: number; rate: Rate };
  b: { successes: number; trials: number; rate: Rate };
  /** Two-proportion z-test (pooled), two-sided; null where either group has no trials. */
  z: number | null;
  pValue: number | null;
  /** p < 0.05. */
  significant: boolean;
}

export interface AbComparison {
  from: string;
  to: string;
  /** The groups' sizes: distinct visitors (devices) per group in the range's days. */
  groups: { a: number; b: number };
  metrics: AbMetric[];
  test: string;
}

export const AB_TEST_NAME = '双比例 z 检验（合并方差，双侧），p < 0.05 为显著';

/** The dashboard's columns, in the CSV's order, with their zh-CN headers. */
export const STATS_CSV_COLUMNS: ReadonlyArray<[keyof StatsDay, string]> = [
  ['day', '日期'],
  ['visitors', '访客'],
  ['exposures', '曝光'],
  ['clicks', '点击'],
  ['details', '详情'],
  ['ordersPlaced', '下单'],
  ['ordersPaid', '支付'],
  ['ordersFinished', '完成'],
  ['clickRate', '点击率'],
  ['detailRate', '详情率'],
  ['orderRate', '下单率'],
  ['payRate', '支付率'],
  ['finishRate', '完成率'],
  ['gmvFen', 'GMV(分)'],
  ['feeFen', '手续费收入(分)'],
  ['takeRate', '货币化率'],
  ['averageOrderFen', '客单价(分)'],
  ['ordersRefunded', '退款单'],
  ['ordersDisputed', '纠纷单'],
  ['refundRate', '退款率'],
  ['disputeRate', '纠纷率'],
  ['newBuyers', '新买家'],
  ['newSellers', '新卖家'],
  ['listingsAdded', '上架'],
  ['listingsSold', '成交'],
  ['supportCases', '客服工单'],
];
