import { sql } from 'kysely';
import { bucketOf, type FactRow, type StatsSource } from '../stats/stats-sources';

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
 * per game, server group (the master server) and goods type.
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
};
