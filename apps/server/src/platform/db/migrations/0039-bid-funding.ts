/**
 * The buy order book, second part (docs/decisions/0025-bid-book.md "Sales keyed, players' sales
 * on the web, bids funded at the cashier"): a sale into the book claims its request key first
 * (coin_bid_sales; its fills name it), so a repeat or a racing twin sells nothing more; a bid the
 * balance cannot cover waits for its missing money (4 待付款, paid at the cashier as `Q<id>`,
 * closed unpaid as 5 已关闭), the part the balance had held meanwhile.
 */
export const up = [
  `create table coin_bid_sales (
     id integer generated always as identity primary key,
     seller_user_id integer not null references users(id),
     request_key text not null,
     done boolean not null default false,
     created_at timestamptz not null default now(),
     unique (seller_user_id, request_key)
   )`,
  'alter table coin_bid_fills add column sale_id integer references coin_bid_sales(id)',
  'create index coin_bid_fills_sale_idx on coin_bid_fills (sale_id) where sale_id is not null',
  'alter table coin_bids drop constraint coin_bids_status_check',
  'alter table coin_bids add constraint coin_bids_status_check check (status in (0, 1, 2, 3, 4, 5))',
  'alter table coin_bids add column fund_fen bigint not null default 0 check (fund_fen >= 0)',
  'alter table coin_bids add column pay_by timestamptz',
  'alter table coin_bids add constraint coin_bids_funding check ((status = 4) <= (fund_fen > 0 and pay_by is not null))',
  'create index coin_bids_unpaid_idx on coin_bids (pay_by) where status = 4',
  'alter table payments add column coin_bid_id integer references coin_bids(id)',
  'alter table payments drop constraint payments_one_payable',
  `alter table payments add constraint payments_one_payable check (
     (order_id is not null)::int + (deposit_id is not null)::int + (broker_order_id is not null)::int
       + (coin_bid_id is not null)::int = 1
   )`,
  'create index payments_coin_bid_idx on payments (coin_bid_id) where coin_bid_id is not null',
];
