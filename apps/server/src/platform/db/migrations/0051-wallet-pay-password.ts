/**
 * 支付密码 (pay-password module): one slow salted hash per user with its failed tries and lock;
 * and the user's security changes (the password reset, the phone rebound, the payout account
 * changed) that hold withdrawals for a while.
 */
export const up = [
  `create table pay_passwords (
     user_id integer primary key references users(id),
     hash text not null,
     failed_tries integer not null default 0 check (failed_tries >= 0),
     locked_until timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  `create table security_changes (
     id serial primary key,
     user_id integer not null references users(id),
     kind text not null check (kind in ('payPasswordReset', 'phoneRebound', 'payoutAccountChanged')),
     created_at timestamptz not null default now()
   )`,
  'create index security_changes_user_idx on security_changes (user_id, created_at)',
];
