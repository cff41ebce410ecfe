/**
 * 保证金 (docs/decisions/0021-deposits.md): a deposit is a small payable of its own, paid from the
 * balance or through a gateway like an order, held in the ledger as a pending transfer from the
 * buyer's balance to the escrow, and resolved once: returned, applied to the order it secured, or
 * forfeited. One per proposal (还价 / 出价: ref_id is the offer) or per bidder and auction (ref_id
 * is the auction). A payment pays an order or a deposit. A proposal waits for its deposit (status
 * 1); offers carry their flow, and a listing its bargain setting with the seller's hidden floor.
 * An order secured by a deposit is that much less to pay (deposit_fen): the deposit is applied.
 */
export const up = [
  `create table deposits (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     seller_user_id integer not null references users(id),
     application_id text not null,
     purpose text not null check (purpose in ('bargain', 'offer', 'auction')),
     ref_id integer not null,
     commodity_id integer not null references commodities(id),
     title text not null,
     amount_fen bigint not null check (amount_fen > 0),
     status text not null default 'unpaid'
       check (status in ('unpaid', 'held', 'returned', 'applied', 'forfeited', 'lapsed')),
     pay_by timestamptz not null,
     order_id integer references orders(id),
     paid_at timestamptz,
     resolved_at timestamptz,
     created_at timestamptz not null default now(),
     unique (purpose, ref_id, user_id)
   )`,
  'create index deposits_user_idx on deposits (user_id, id desc)',
  'create index deposits_order_idx on deposits (order_id) where order_id is not null',
  "create index deposits_unpaid_idx on deposits (pay_by) where status = 'unpaid'",
  'alter table payments alter column order_id drop not null',
  'alter table payments add column deposit_id integer references deposits(id)',
  'alter table payments add constraint payments_one_payable check ((order_id is null) <> (deposit_id is null))',
  'create index payments_deposit_idx on payments (deposit_id) where deposit_id is not null',
  'alter table orders add column deposit_fen bigint not null default 0 check (deposit_fen >= 0)',
  'alter table orders drop constraint orders_check',
  'alter table orders add constraint orders_total_check check (total_fen = price_fen + buyer_fee_fen - coupon_fen - deposit_fen)',
  "alter table offers add column flow text not null default 'offer' check (flow in ('bargain', 'offer'))",
  'alter table offers add column deposit_fen bigint not null default 0',
  // When its deposit was paid and the seller could see it (the offers before deposits: at once).
  'alter table offers add column sent_at timestamptz',
  'update offers set sent_at = created_at',
  'drop index offers_live_idx',
  'create unique index offers_live_idx on offers (buyer_user_id, commodity_id) where status in (1, 11, 21)',
  'drop index offers_open_idx',
  'create index offers_open_idx on offers (status, answer_by) where status in (1, 11, 21)',
  'alter table commodities add column bargain_allowed boolean not null default false',
  'alter table commodities add column bargain_floor_fen bigint',
];
