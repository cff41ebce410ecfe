/**
 * Payments of orders: one row per attempt (trade number sent to the gateway), the split between
 * balance and a third party, its status; and the sandbox gateway's own trades, with the
 * asynchronous notification it keeps sending until it is acknowledged.
 */
export const up = [
  `create table payments (
     id integer generated always as identity primary key,
     trade_no text not null unique,
     order_id integer not null references orders(id),
     user_id integer not null references users(id),
     channel smallint not null check (channel between 1 and 6),
     provider text not null,
     third_fen bigint not null check (third_fen >= 0),
     balance_fen bigint not null check (balance_fen >= 0),
     status text not null default 'created' check (status in ('created', 'paid', 'closed', 'refunded')),
     provider_trade_no text,
     note text not null default '',
     paid_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     check (third_fen + balance_fen > 0)
   )`,
  'create index payments_order_idx on payments (order_id)',
  `create table sandbox_trades (
     trade_no text primary key,
     gateway_trade_no text not null unique,
     amount_fen bigint not null check (amount_fen > 0),
     subject text not null,
     channel text not null,
     notify_url text not null,
     return_url text not null default '',
     status text not null default 'open' check (status in ('open', 'succeeded', 'cancelled')),
     attempts integer not null default 0,
     next_attempt_at timestamptz,
     acknowledged_at timestamptz,
     created_at timestamptz not null default now()
   )`,
  'create index sandbox_trades_due_idx on sandbox_trades (next_attempt_at) where acknowledged_at is null',
];
