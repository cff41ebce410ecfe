/**
 * Coupon campaigns in the console (issue 34 item 7, docs/decisions/0070-coupon-campaigns.md): an
 * event gains a status, a budget (coupons and face value granted at most) with what it granted so
 * far, and whether players claim it themselves; each staff grant is kept under its own number, so a
 * grant sent again grants nobody twice. The seeded 新人礼包 stays claimable.
 */
export const up = [
  `alter table coupon_events add column status text not null default 'live' check (status in ('live', 'paused', 'ended'))`,
  'alter table coupon_events add column budget_count integer check (budget_count > 0)',
  'alter table coupon_events add column budget_fen bigint check (budget_fen > 0)',
  'alter table coupon_events add column granted_count integer not null default 0 check (granted_count >= 0)',
  'alter table coupon_events add column granted_fen bigint not null default 0 check (granted_fen >= 0)',
  'alter table coupon_events add column claimable boolean not null default true',
  'alter table coupon_events add column created_at timestamptz not null default now()',
  `update coupon_events e set
     granted_count = (select count(*) from user_coupons c where c.event_id = e.id),
     granted_fen = (select coalesce(sum(amount_fen), 0) from user_coupons c where c.event_id = e.id)`,
  `create table coupon_grants (
     grant_id text primary key,
     event_id text not null references coupon_events(id),
     target jsonb not null,
     targeted integer not null,
     users integer not null,
     coupons integer not null,
     fen bigint not null,
     staff_id integer not null,
     created_at timestamptz not null default now()
   )`,
  'create index coupon_grants_event_idx on coupon_grants (event_id, created_at)',
  'create index user_coupons_event_idx on user_coupons (event_id, status)',
];
