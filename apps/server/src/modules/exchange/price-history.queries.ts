import { CommodityType } from '@app/protocol/commodity';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { sql } from 'kysely';
import type { ExchangeDb } from './exchange.tables';

/** Sold history: the fair-price band of comparable listings and the coin unit-price series. */

export interface Band {
  count: number;
  p25: number;
  median: number;
  p75: number;
}

/** Quantile by linear interpolation of sorted integer prices, rounded to the fen. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return Math.round(a + (b - a) * (pos - lo));
}

/** The band needs at least three sales to mean anything. */
export function bandOf(prices: readonly number[]): Band | null {
  if (prices.length < 3) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
  };
}

export interface Subject {
  application_id: string;
  type: number;
  role_type: number | null;
  role_level: number | null;
  sub_type: number | null;
  item_name: string | null;
}

const WINDOW_DAYS = 90;

/** Sold roles of the same class within ±10 levels, or props of the same name (else the same sub-type). */
export async function comparableTrades(db: ExchangeDb, subject: Subject) {
  const since = new Date(Date.now() - WINDOW_DAYS * 86_400_000);
  const base = db
    .selectFrom('market_trades as t')
    .select(['t.title', 't.role_level', 't.price_fen', 't.sold_at', 't.server_id'])
    .where('t.application_id', '=', subject.application_id)
    .where('t.type', '=', subject.type)
    .where('t.sold_at', '>=', since)
    .orderBy('t.sold_at', 'desc')
    .limit(200);
  if (subject.type === CommodityType.ROLE) {
    const level = subject.role_level ?? 0;
    let q = base.where('t.role_level', '>=', level - 10).where('t.role_level', '<=', level + 10);
    if (subject.role_type !== null) q = q.where('t.role_type', '=', subject.role_type);
    return q.execute();
  }
  if (subject.type === CommodityType.PROP) {
    const sameName = subject.item_name ? await base.where('t.item_name', '=', subject.item_name).execute() : [];
    if (sameName.length >= 3 || subject.sub_type === null) return sameName;
    return base.where('t.sub_type', '=', subject.sub_type).execute();
  }
  return [];
}

/** Daily volume-weighted unit price (fen per 10,000 coins) in China's calendar days. */
export async function coinSeries(
  db: ExchangeDb,
  q: { applicationId: string; coinType: number; masterServerId?: string | undefined; days: number },
) {
  const since = new Date(Date.now() - q.days * 86_400_000);
  let query = db
    .selectFrom('market_trades')
    .select([
      sql<string>`to_char(sold_at at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`.as('day'),
      sql<number>`sum(price_fen)`.as('fen'),
      sql<number>`sum(coin_num)`.as('coins'),
      sql<number>`min(price_fen * 10000.0 / coin_num)`.as('min_wan'),
      sql<number>`max(price_fen * 10000.0 / coin_num)`.as('max_wan'),
      sql<number>`count(*)`.as('trades'),
    ])
    .where('application_id', '=', q.applicationId)
    .where('type', '=', CommodityType.COIN)
    .where('coin_type', '=', q.coinType)
    .where('coin_num', '>', 0)
    .where('sold_at', '>=', since);
  if (q.masterServerId) query = query.where('master_server_id', '=', q.masterServerId);
  const rows = await query.groupBy('day').orderBy('day').execute();
  return rows.map((r) => ({
    day: r.day,
    avgPerWan: Math.round((Number(r.fen) * 10_000) / Number(r.coins)),
    minPerWan: Math.round(Number(r.min_wan)),
    maxPerWan: Math.round(Number(r.max_wan)),
    volume: Number(r.coins),
    trades: Number(r.trades),
  }));
}

/** A seller's listings on sale and sales made. */
export async function sellerCounts(
  db: ExchangeDb,
  sellerUserId: number,
): Promise<{ onSale: number; sold: number; listedSince: Date | null }> {
  const [onSale, sold, first] = await Promise.all([
    db
      .selectFrom('commodities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_user_id', '=', sellerUserId)
      .where('status', '=', ListingStatus.ON_SALE)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('market_trades as t')
      .innerJoin('commodities as c', 'c.id', 't.commodity_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.seller_user_id', '=', sellerUserId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('commodities')
      .select((eb) => eb.fn.min('published_at').as('at'))
      .where('seller_user_id', '=', sellerUserId)
      .executeTakeFirst(),
  ]);
  const at = first?.at ? new Date(first.at as Date | string) : null;
  return { onSale: Number(onSale.n), sold: Number(sold.n), listedSince: at };
}
