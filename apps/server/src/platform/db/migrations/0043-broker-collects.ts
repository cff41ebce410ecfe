/**
 * Collections (收藏) of broker listings (docs/decisions/0023-broker.md "Collections"): one row per
 * user and listing (collecting twice, also twice at once, leaves one), and the listing's count of
 * collectors kept beside its other counters.
 */
export const up = [
  'alter table broker_listings add column collect_count integer not null default 0 check (collect_count >= 0)',
  `create table broker_collects (
     user_id integer not null references users(id),
     listing_id integer not null references broker_listings(id),
     created_at timestamptz not null default now(),
     primary key (user_id, listing_id)
   )`,
  'create index broker_collects_user_idx on broker_collects (user_id, created_at desc)',
];
