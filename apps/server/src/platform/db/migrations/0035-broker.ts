/**
 * The broker channel (docs/decisions/0023-broker.md): each game's channel settings, the merchants
 * (an application an operator approves, rejects or suspends, with the credit recorded) and their
 * coin listings with stock. Stock is what is left to sell: an order takes its quantity out of it in
 * one guarded update, so it never goes below zero.
 */
export const up = [
  `create table broker_configs (
     application_id text primary key,
     enabled boolean not null default false,
     gold_types jsonb not null default '[]',
     min_quantity bigint not null check (min_quantity > 0),
     max_quantity bigint not null check (max_quantity >= min_quantity),
     fee_percent numeric(5, 2) not null check (fee_percent >= 0 and fee_percent < 100),
     deliver_minutes integer not null check (deliver_minutes > 0),
     confirm_hours integer not null check (confirm_hours > 0),
     updated_at timestamptz not null default now()
   )`,
  `create table merchants (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     application_id text not null,
     shop_name text not null,
     status text not null default 'applied' check (status in ('applied', 'approved', 'rejected', 'suspended')),
     credit_fen bigint not null default 0 check (credit_fen >= 0),
     terms_accepted_at timestamptz not null,
     decided_by text,
     decided_at timestamptz,
     note text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (user_id, application_id)
   )`,
  'create index merchants_status_idx on merchants (status, id)',
  `create table broker_listings (
     id integer generated always as identity primary key,
     merchant_id integer not null references merchants(id),
     seller_user_id integer not null references users(id),
     application_id text not null,
     server_id text not null,
     server_name text not null,
     master_server_id text not null,
     gold_type integer not null,
     gold_name text not null,
     unit_price_fen bigint not null check (unit_price_fen > 0),
     stock bigint not null check (stock >= 0),
     sold_quantity bigint not null default 0 check (sold_quantity >= 0),
     min_per_order bigint not null check (min_per_order > 0),
     max_per_order bigint not null check (max_per_order >= min_per_order),
     deliver_minutes integer not null,
     status smallint not null check (status in (0, 1, 2)),
     deleted_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  'create index broker_listings_market_idx on broker_listings (application_id, gold_type, unit_price_fen, id) where status = 0 and deleted_at is null',
  'create index broker_listings_seller_idx on broker_listings (seller_user_id, id desc) where deleted_at is null',
];
