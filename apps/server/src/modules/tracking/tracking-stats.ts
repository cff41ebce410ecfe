import { FUNNEL_EVENTS } from '@app/protocol/tracking';
import { sql } from 'kysely';
import { bucketOf, type FactRow, type StatsSource } from '../stats/stats-sources';
import { pruneEventsBefore } from './tracking-partitions';

interface Counted {
  bucket: Date;
  game: string;
  server_group: string;
  goods_type: string;
  scene: string;
  ab_group: string;
  visitors: string | number;
  exposures: string | number;
  clicks: string | number;
  details: string | number;
}

/** A dimension the client put in the event's properties (short text, '' when absent). */
const prop = (...keys: string[]) =>
  sql`left(coalesce(${sql.join(
    keys.map((k) => sql`properties ->> ${sql.lit(k)}`),
    sql`, `,
  )}, ''), 40)`;

/**
 * The statistics events' facts (registered into the stats module's sources), by received_at:
 * visitors (distinct device ids), and the funnel's first steps (events exposure, click, detail).
 * Dimensions from the event: game (properties gameId or applicationId), server group
 * (serverGroup), goods type (goodsType), scene (the statistics app id without `market-`), A/B
 * group (the user's uid mod 3 = 1 → B, as the clients mark it; no uid → A).
 */
export const trackingStatsSource: StatsSource = {
  name: 'tracking',
  metrics: ['visitors', 'exposures', 'clicks', 'details'],
  async facts(db, { from, to, grain }) {
    const bucket = bucketOf(sql`received_at`, grain);
    const uid = sql`("user" ->> 'uid')`;
    const { rows } = await sql<Counted>`
      select ${bucket} as bucket,
        ${prop('gameId', 'applicationId')} as game,
        ${prop('serverGroup')} as server_group,
        ${prop('goodsType')} as goods_type,
        regexp_replace(app_id, '^market-', '') as scene,
        case when ${uid} ~ '^[0-9]{1,15}$' and (${uid})::bigint % 3 = 1 then 'B' else 'A' end as ab_group,
        count(distinct device ->> 'deviceId') as visitors,
        count(*) filter (where event = ${FUNNEL_EVENTS.exposure}) as exposures,
        count(*) filter (where event = ${FUNNEL_EVENTS.click}) as clicks,
        count(*) filter (where event = ${FUNNEL_EVENTS.detail}) as details
      from tracking_events
      where received_at >= ${from} and received_at < ${to}
      group by 1, 2, 3, 4, 5, 6`.execute(db);
    return rows.flatMap((r) => {
      const base = {
        bucket: new Date(r.bucket),
        game: r.game,
        serverGroup: r.server_group,
        goodsType: r.goods_type,
        scene: r.scene,
        abGroup: r.ab_group,
      };
      return (['visitors', 'exposures', 'clicks', 'details'] as const).map(
        (metric): FactRow => ({ ...base, metric, value: Number(r[metric]) }),
      );
    });
  },
  // Whole months dropped as partitions, the rest deleted by range (tracking-partitions.ts).
  prune: (db, before) => pruneEventsBefore(db, before),
};
