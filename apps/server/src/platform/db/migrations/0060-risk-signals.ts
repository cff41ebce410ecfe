/**
 * Risk signals (issue 34 item 8, docs/decisions/0071-risk-signals.md): a session keeps where it was
 * made (the address, the client's device id of X-EventTracking), and the risk module keeps the
 * signals it raised (once per kind and subject), with staff's decision on each, and its cursors.
 */
export const up = [
  'alter table sessions add column ip text',
  'alter table sessions add column device_id text',
  'create index sessions_ip_idx on sessions (ip) where ip is not null',
  'create index sessions_device_idx on sessions (device_id) where device_id is not null',
  `create table risk_signals (
     id bigserial primary key,
     kind text not null,
     subject text not null,
     user_ids jsonb not null,
     order_ids jsonb not null default '[]',
     evidence text not null,
     status text not null default 'open' check (status in ('open', 'dismissed', 'acted')),
     action text,
     note text,
     decided_by integer,
     decided_at timestamptz,
     created_at timestamptz not null default now(),
     unique (kind, subject)
   )`,
  'create index risk_signals_open_idx on risk_signals (status, id desc)',
  `create table risk_cursors (
     name text primary key,
     position bigint not null
   )`,
];
