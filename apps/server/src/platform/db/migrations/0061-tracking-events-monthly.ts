/**
 * The raw statistics events partitioned by month of received_at (docs/decisions/0074): retention
 * drops a month's partition instead of deleting its rows, and the hot month's indexes stay small.
 * The same SQL on PostgreSQL and PGlite. The key includes received_at (a partitioned table's unique
 * keys must hold the partition key); the ids keep counting on from the old table's.
 *
 * Partitions: every month from the oldest event to two months ahead (the tracking module keeps two
 * months ahead from then on), and a default one that catches an event outside them (a clock far
 * off) so nothing is refused. The old rows move in this migration (no release holds many).
 */
const MONTHS = `do $$
declare
  m timestamptz;
  last timestamptz := date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' + interval '2 month';
begin
  select date_trunc('month', coalesce(min(received_at), now()) at time zone 'UTC') at time zone 'UTC'
    into m from tracking_events_unpartitioned;
  while m <= last loop
    execute format('create table %I partition of tracking_events for values from (%L) to (%L)',
      'tracking_events_' || to_char(m at time zone 'UTC', 'YYYYMM'), m, m + interval '1 month');
    m := m + interval '1 month';
  end loop;
end $$`;

export const up = [
  'alter table tracking_events rename to tracking_events_unpartitioned',
  'alter index tracking_events_pkey rename to tracking_events_unpartitioned_pkey',
  'alter index tracking_events_event_idx rename to tracking_events_unpartitioned_event_idx',
  'alter index tracking_events_received_idx rename to tracking_events_unpartitioned_received_idx',
  'create sequence tracking_event_ids',
  `create table tracking_events (
     id bigint not null default nextval('tracking_event_ids'),
     app_id text not null,
     event text not null,
     device jsonb not null,
     "user" jsonb not null,
     properties jsonb not null,
     received_at timestamptz not null default now(),
     primary key (received_at, id)
   ) partition by range (received_at)`,
  'alter sequence tracking_event_ids owned by tracking_events.id',
  'create index tracking_events_event_idx on tracking_events (event, received_at desc)',
  'create table tracking_events_default partition of tracking_events default',
  MONTHS,
  `insert into tracking_events (id, app_id, event, device, "user", properties, received_at)
     select id, app_id, event, device, "user", properties, received_at from tracking_events_unpartitioned`,
  `select setval('tracking_event_ids', coalesce((select max(id) from tracking_events), 0) + 1, false)`,
  'drop table tracking_events_unpartitioned',
];
