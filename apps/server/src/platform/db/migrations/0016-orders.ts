/**
 * Orders: who buys which listing at what price, where the goods go, the status of business-flows
 * §4 with its deadline, and the client's idempotency key. One live order per listing.
 */
export const up = [
  `create table orders (
     id integer generated always as identity primary key,
     order_no text not null unique,
     buyer_user_id integer not null references users(id),
     seller_user_id integer not null references users(id),
     commodity_id integer not null references commodities(id),
     application_id text not null,
     type smallint not null,
     title text not null,
     price_fen bigint not null check (price_fen > 0),
     buyer_fee_fen bigint not null default 0 check (buyer_fee_fen >= 0),
     coupon_fen bigint not null default 0 check (coupon_fen >= 0),
     total_fen bigint not null check (total_fen >= 0),
     seller_fee_fen bigint not null default 0 check (seller_fee_fen >= 0),
     status smallint not null,
     request_key text not null,
     deliver_account_id text not null,
     deliver_role_id text,
     pay_channel smallint,
     expires_at timestamptz,
     paid_at timestamptz,
     delivered_at timestamptz,
     confirmed_at timestamptz,
     settle_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (buyer_user_id, request_key),
     check (total_fen = price_fen + buyer_fee_fen - coupon_fen)
   )`,
  'create unique index orders_live_commodity_idx on orders (commodity_id) where status in (1, 2, 51)',
  'create index orders_buyer_idx on orders (buyer_user_id, id desc)',
  'create index orders_seller_idx on orders (seller_user_id, id desc)',
  'create index orders_expiring_idx on orders (expires_at) where status = 1',
];
