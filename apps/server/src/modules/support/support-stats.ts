import { sql } from 'kysely';
import { bucketOf, type StatsSource } from '../stats/stats-sources';

/**
 * The customer-service cases for the statistics (registered into the stats module's sources):
 * cases opened by created_at. A case names an order, not its game: the cases count in the
 * all-games view only.
 */
export const supportStatsSource: StatsSource = {
  name: 'support',
  metrics: ['support_cases'],
  async facts(db, { from, to, grain }) {
    const bucket = bucketOf(sql`created_at`, grain);
    const { rows } = await sql<{ bucket: Date; n: string | number }>`
      select ${bucket} as bucket, count(*) as n
      from support_requests where created_at >= ${from} and created_at < ${to}
      group by 1`.execute(db);
    return rows.map((r) => ({
      bucket: new Date(r.bucket),
      game: '',
      serverGroup: '',
      goodsType: '',
      scene: '',
      abGroup: '',
      metric: 'support_cases' as const,
      value: Number(r.n),
    }));
  },
};
