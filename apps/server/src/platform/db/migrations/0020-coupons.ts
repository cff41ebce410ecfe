/**
 * Coupons: events that grant them (once per user), and each user's coupons with scope (games,
 * commodity types), threshold, validity, and the order that holds or used it. A newcomer event is
 * there from the start.
 */
export const up = [
  `create table coupon_events (
     id text primary key,
     title text not null,
     description text not null default '',
     starts_at timestamptz not null default now(),
     ends_at timestamptz not null,
     coupons jsonb not null
   )`,
  `create table user_coupons (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     event_id text not null references coupon_events(id),
     name text not null,
     amount_fen bigint not null check (amount_fen > 0),
     threshold_fen bigint not null default 0 check (threshold_fen >= 0),
     application_ids jsonb not null default '[]',
     types jsonb not null default '[]',
     starts_at timestamptz not null,
     expires_at timestamptz not null,
     status text not null default 'unused' check (status in ('unused', 'locked', 'used')),
     order_id integer references orders(id),
     used_at timestamptz,
     created_at timestamptz not null default now(),
     unique (user_id, event_id, name)
   )`,
  'create index user_coupons_user_idx on user_coupons (user_id, status, expires_at)',
  'create unique index user_coupons_order_idx on user_coupons (order_id) where order_id is not null',
  `insert into coupon_events (id, title, description, ends_at, coupons) values (
     'newcomer', '新人礼包', '新用户领取即得三张优惠券，平台补贴，卖家到手不变。', now() + interval '3 years',
     '[{"name":"全场满100减5","amount":500,"threshold":10000,"validDays":30,"applicationIds":[],"types":[]},
       {"name":"角色满500减30","amount":3000,"threshold":50000,"validDays":30,"applicationIds":[],"types":[1]},
       {"name":"传奇·演示游戏币满50减3","amount":300,"threshold":5000,"validDays":15,"applicationIds":["demo-legend"],"types":[2]}]'
   )`,
];
