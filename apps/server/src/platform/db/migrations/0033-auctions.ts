/**
 * Auctions (拍卖, docs/decisions/0022-auctions.md): one live auction per listing; each bidder's
 * place (his deposit, where the goods go, his bargain status of flow 'auction'); the accepted bids,
 * one per price (the second guard behind the auction row's guarded update).
 */
export const up = [
  `create table auctions (
     id integer generated always as identity primary key,
     commodity_id integer not null references commodities(id),
     seller_user_id integer not null references users(id),
     application_id text not null,
     type smallint not null,
     title text not null,
     start_price_fen bigint not null check (start_price_fen > 0),
     increment_fen bigint not null check (increment_fen > 0),
     buy_now_fen bigint check (buy_now_fen is null or buy_now_fen > start_price_fen),
     current_price_fen bigint not null,
     leader_user_id integer references users(id),
     bid_count integer not null default 0,
     deposit_fen bigint not null check (deposit_fen > 0),
     list_price_fen bigint not null,
     list_fee_fen bigint not null,
     starts_at timestamptz not null,
     ends_at timestamptz not null,
     status smallint not null default 1 check (status in (1, 2, 3, 4, 5)),
     winner_user_id integer references users(id),
     order_id integer references orders(id),
     note text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  'create unique index auctions_live_idx on auctions (commodity_id) where status in (1, 2)',
  'create index auctions_running_idx on auctions (ends_at) where status = 1',
  'create index auctions_unpaid_idx on auctions (id) where status = 2',
  `create table auction_bidders (
     id integer generated always as identity primary key,
     auction_id integer not null references auctions(id),
     user_id integer not null references users(id),
     deposit_id integer,
     status smallint not null default 1,
     deliver_account_id text not null,
     deliver_role_id text,
     order_id integer references orders(id),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (auction_id, user_id)
   )`,
  'create index auction_bidders_user_idx on auction_bidders (user_id, id desc)',
  'create index auction_bidders_open_idx on auction_bidders (auction_id) where status in (1, 11)',
  `create table auction_bids (
     id integer generated always as identity primary key,
     auction_id integer not null references auctions(id),
     user_id integer not null references users(id),
     price_fen bigint not null,
     request_key text not null,
     created_at timestamptz not null default now(),
     unique (auction_id, price_fen),
     unique (user_id, request_key)
   )`,
];
