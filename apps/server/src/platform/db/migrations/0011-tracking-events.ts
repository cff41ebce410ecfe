/** Statistics events (/v1/event, /v1/events); the scaled deployment moves them to their own store. */
export const up = [
  `create table tracking_events (
     id bigint generated always as identity primary key,
     app_id text not null,
     event text not null,
     device jsonb not null,
     "user" jsonb not null,
     properties jsonb not null,
     received_at timestamptz not null default now()
   )`,
  'create index tracking_events_event_idx on tracking_events (event, received_at desc)',
];
