/**
 * The statistics rollups (docs/decisions/0063-stats-rollups.md): one row per bucket (an hour,
 * or a Beijing day starting at its 00:00 +08:00), dimensions and metric; '' where a fact has no
 * such dimension. Recomputed from the sources and replaced per bucket, so a rerun changes nothing.
 * Not partitioned yet (the record says when it pays); the tracking source scans the events by time.
 */
const rollup = (name: string) => `create table ${name} (
     bucket timestamptz not null,
     game text not null,
     server_group text not null,
     goods_type text not null,
     scene text not null,
     ab_group text not null,
     metric text not null,
     value bigint not null,
     primary key (bucket, metric, game, server_group, goods_type, scene, ab_group)
   )`;

export const up = [
  rollup('stats_hourly'),
  rollup('stats_daily'),
  'create index tracking_events_received_idx on tracking_events (received_at)',
  // The orders module's dispute fact: when the buyer refused the receipt (the status moves on after customer service).
  'alter table orders add column receipt_refused_at timestamptz',
  `update orders set receipt_refused_at = updated_at where status = -5`,
];
