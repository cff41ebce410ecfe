/** Withdrawals: the amount and fee frozen in the ledger, the payout account (sealed), the review and payout. */
export const up = [
  `create table withdrawals (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     amount_fen bigint not null check (amount_fen > 0),
     fee_fen bigint not null check (fee_fen >= 0 and fee_fen < amount_fen),
     account_type text not null default 'alipay',
     account_no_sealed text not null,
     account_no_masked text not null,
     account_name_masked text not null,
     status text not null default 'reviewing' check (status in ('reviewing', 'paying', 'paid', 'cancelled', 'failed')),
     reason text not null default '',
     provider_ref text,
     review_after timestamptz not null,
     finished_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  'create index withdrawals_user_idx on withdrawals (user_id, id desc)',
  "create index withdrawals_review_idx on withdrawals (review_after) where status in ('reviewing', 'paying')",
];
