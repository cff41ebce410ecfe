/**
 * Refunds to the original channel (docs/decisions/0059-refunds-original-channel.md): one row per
 * refund of a gateway payment, its number ours and the same on every retry, its status a closed set
 * (payments/refund-status.ts); the sandbox gateway's own refunds, and the mode a test sets for a
 * sandbox trade's refunds (succeed, refuse, or time out and answer only when asked).
 */
export const up = [
  `create table refunds (
     id serial primary key,
     refund_no text not null unique,
     request_key text not null,
     purpose text not null,
     ref integer not null,
     user_id integer not null,
     order_id integer,
     payment_id integer not null,
     trade_no text not null,
     provider text not null,
     channel integer not null,
     amount_fen bigint not null check (amount_fen > 0),
     total_fen bigint not null,
     reason text not null default '',
     status text not null default 'requested'
       check (status in ('requested', 'sending', 'processing', 'unknown', 'succeeded', 'returned')),
     provider_refund_no text,
     note text not null default '',
     sent_at timestamptz,
     settled_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  'create index refunds_request_key_idx on refunds (request_key)',
  'create index refunds_purpose_ref_idx on refunds (purpose, ref)',
  'create index refunds_payment_idx on refunds (payment_id)',
  `create index refunds_open_idx on refunds (updated_at)
     where status in ('requested', 'sending', 'processing', 'unknown')`,
  `create table sandbox_refunds (
     refund_no text primary key,
     trade_no text not null,
     amount_fen bigint not null,
     reason text not null default '',
     status text not null check (status in ('succeeded', 'refused')),
     created_at timestamptz not null default now()
   )`,
  'create index sandbox_refunds_trade_idx on sandbox_refunds (trade_no)',
  `alter table sandbox_trades add column refund_mode text not null default 'succeed'
     check (refund_mode in ('succeed', 'refuse', 'timeout'))`,
];
