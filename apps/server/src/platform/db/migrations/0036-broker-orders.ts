/**
 * Broker orders (docs/decisions/0023-broker.md "Orders"): a buyer's order of a quantity of a
 * merchant's coin listing, its money paid through the cashier (payments.broker_order_id, bizNo
 * 'B<id>'), its delivery from the merchant's stock role through the game, the confirmation and the
 * settlement. Its chat is an im group of kind 'broker'.
 */
export const up = [
  `create table broker_orders (
     id integer generated always as identity primary key,
     order_no text not null unique,
     request_key text not null,
     buyer_user_id integer not null references users(id),
     merchant_id integer not null references merchants(id),
     seller_user_id integer not null references users(id),
     listing_id integer not null references broker_listings(id),
     application_id text not null,
     server_id text not null,
     server_name text not null,
     master_server_id text not null,
     gold_type integer not null,
     gold_name text not null,
     quantity bigint not null check (quantity > 0),
     unit_price_fen bigint not null check (unit_price_fen > 0),
     total_fen bigint not null check (total_fen > 0),
     fee_fen bigint not null check (fee_fen >= 0 and fee_fen <= total_fen),
     status smallint not null check (status in (101, 102, 104, 106, 107, 110, 111, 112, -101, -102, -104, -105, -121)),
     deliver_account_id text not null,
     deliver_role_id text not null,
     deliver_role_name text not null,
     from_account_id text,
     from_role_id text,
     from_role_name text,
     receipt jsonb,
     receipt_signature text,
     pay_channel smallint,
     expires_at timestamptz,
     paid_at timestamptz,
     deliver_before timestamptz,
     delivering_at timestamptz,
     delivered_at timestamptz,
     auto_confirm_at timestamptz,
     confirmed_at timestamptz,
     settle_at timestamptz,
     buyer_urged_at timestamptz,
     merchant_urged_at timestamptz,
     note text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (buyer_user_id, request_key)
   )`,
  'create index broker_orders_buyer_idx on broker_orders (buyer_user_id, id desc)',
  'create index broker_orders_seller_idx on broker_orders (seller_user_id, id desc)',
  'create index broker_orders_due_idx on broker_orders (status, expires_at)',
  'alter table payments add column broker_order_id integer references broker_orders(id)',
  'alter table payments drop constraint payments_one_payable',
  `alter table payments add constraint payments_one_payable check (
     (order_id is not null)::int + (deposit_id is not null)::int + (broker_order_id is not null)::int = 1
   )`,
  'create index payments_broker_order_idx on payments (broker_order_id) where broker_order_id is not null',
  'alter table im_groups drop constraint im_groups_kind_check',
  "alter table im_groups add constraint im_groups_kind_check check (kind in ('order', 'offer', 'broker'))",
];
