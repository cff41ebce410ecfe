import { LEVEL_BAND_SIZE } from '@app/protocol/calls/market-index';
import { CommodityType } from '@app/protocol/commodity';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { bucketOf, type FactRow, type PriceBinRow, priceBinOf, type StatsSource } from '../stats/stats-sources';

interface Counted {
  bucket: Date;
  game: string;
  server_group: string;
  goods_type: string;
  n: string | number;
}

/**
 * The listings' facts for the statistics (registered into the stats module's sources): listings
 * put on sale by published_at (a listing put back on sale counts again), trades sold by sold_at;
 * per game, server group (the master server) and goods type. The price indices' day histograms
 * from the same trades (a sale undone is forgotten, so only delivered, kept sales count): coins by
 * coin type at fen per 10,000 coins, roles by role type and level band, props by sub-type, in fen.
 */
export const exchangeStatsSource: StatsSource = {
  name: 'exchange',
  metrics: ['listings_added', 'listings_sold'],
  async facts(db, { from, to, grain }) {
    const added = bucketOf(sql`published_at`, grain);
    const sold = bucketOf(sql`sold_at`, grain);
    const [listings, trades] = await Promise.all([
      sql<Counted>`
        select ${added} as bucket, application_id as game, master_server_id as server_group,
          type::text as goods_type, count(*) as n
        from commodities where published_at >= ${from} and published_at < ${to}
        group by 1, 2, 3, 4`.execute(db),
      sql<Counted>`
        select ${sold} as bucket, application_id as game, master_server_id as server_group,
          type::text as goods_type, count(*) as n
        from market_trades where sold_at >= ${from} and sold_at < ${to}
        group by 1, 2, 3, 4`.execute(db),
    ]);
    const facts = (rows: Counted[], metric: FactRow['metric']): FactRow[] =>
      rows.map((r) => ({
        bucket: new Date(r.bucket),
        game: r.game,
        serverGroup: r.server_group,
        goodsType: r.goods_type,
        scene: '',
        abGroup: '',
        metric,
        value: Number(r.n),
      }));
    return [...facts(listings.rows, 'listings_added'), ...facts(trades.rows, 'listings_sold')];
  },
  prices: tradePriceBins,
};

interface Binned {
  bucket: Date;
  game: string;
  server_group: string;
  goods_type: string;
  kind: string;
  level_band: string;
  bin: number;
  n: string | number;
  total: string | number;
}

const BAND = sql.lit(LEVEL_BAND_SIZE);
const unitPrice = sql`case when type = ${sql.lit(CommodityType.COIN)} then price_fen * 10000.0 / coin_num else price_fen * 1.0 end`;

/** Each day's trades binned on the log scale per game, server group, type, kind and level band. */
async function tradePriceBins(db: Db, { from, to }: { from: Date; to: Date }): Promise<PriceBinRow[]> {
  const { rows } = await sql<Binned>`
    select ${bucketOf(sql`sold_at`, 'day')} as bucket, application_id as game, master_server_id as server_group,
      type::text as goods_type,
      coalesce(case type when ${sql.lit(CommodityType.COIN)} then coin_type when ${sql.lit(CommodityType.ROLE)} then role_type
        else sub_type end::text, '') as kind,
      case when type = ${sql.lit(CommodityType.ROLE)} and role_level is not null
        then (floor(role_level / ${BAND}) * ${BAND})::int::text || '-' || (floor(role_level / ${BAND}) * ${BAND} + ${BAND} - 1)::int::text
        else '' end as level_band,
      ${priceBinOf(unitPrice)} as bin, count(*) as n, sum(${unitPrice}) as total
    from market_trades
    where sold_at >= ${from} and sold_at < ${to} and price_fen > 0
      and (type <> ${sql.lit(CommodityType.COIN)} or (coin_num > 0 and coin_type is not null))
    group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  return rows.map((r) => ({
    bucket: new Date(r.bucket),
    game: r.game,
    serverGroup: r.server_group,
    goodsType: r.goods_type,
    kind: r.kind,
    levelBand: r.level_band,
    bin: Number(r.bin),
    n: Number(r.n),
    total: Number(r.total),
  }));
}
