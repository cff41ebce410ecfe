/**
 * The buy order book of coins (docs/decisions/0025-bid-book.md): the buyers' standing bids (their
 * money held on the balance as a pending ledger transfer, renewed at each fill) and their fills,
 * each a paid broker order. A player selling from his own role has no merchant nor listing, so a
 * broker order may now have neither (both or none).
 */
export const up = [
  `create table coin_bids (
     id integer generated always as identity primary key,
     request_key text not null,
     buyer_user_id integer not null references users(id),
     application_id text not null,
     server_id text not null,
     server_name text not null,
     master_server_id text not null,
     gold_type integer not null,
     gold_name text not null,
     unit_price_fen bigint not null check (unit_price_fen > 0),
     quantity bigint not null check (quantity > 0 and quantity % 10000 = 0),
     filled_quantity bigint not null default 0 check (filled_quantity >= 0 and filled_quantity <= quantity),
     reserved_fen bigint not null check (reserved_fen > 0),
     hold_seq integer not null default 0,
     status smallint not null default 0 check (status in (0, 1, 2, 3)),
     deliver_account_id text not null,
     deliver_role_id text not null,
     deliver_role_name text not null,
     expires_at timestamptz not null,
     closed_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (buyer_user_id, request_key),
     check ((status = 1) = (filled_quantity = quantity))
   )`,
  `create index coin_bids_book_idx on coin_bids (application_id, master_server_id, gold_type, unit_price_fen desc, id)
     where status = 0`,
  'create index coin_bids_buyer_idx on coin_bids (buyer_user_id, id desc)',
  'create index coin_bids_due_idx on coin_bids (expires_at) where status = 0',
  `create table coin_bid_fills (
     id integer generated always as identity primary key,
     bid_id integer not null references coin_bids(id),
     seq integer not null,
     seller_user_id integer not null references users(id),
     broker_order_id integer not null unique references broker_orders(id),
     quantity bigint not null check (quantity > 0),
     amount_fen bigint not null check (amount_fen > 0),
     created_at timestamptz not null default now(),
     unique (bid_id, seq)
   )`,
  'alter table broker_orders alter column merchant_id drop not null',
  'alter table broker_orders alter column listing_id drop not null',
  `alter table broker_orders add constraint broker_orders_listing_and_merchant
     check ((merchant_id is null) = (listing_id is null))`,
];
