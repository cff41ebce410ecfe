/**
 * The order chat (modules/im): one group per order or agreed offer, its members with their side and
 * how far they have read, and its messages numbered 1, 2, 3… per group (`seq`, taken from the
 * group's row under its lock, so they commit in order and a client resumes after the last it saw).
 * Members are chat accounts: a user's uid, or `cs:<staff id>` for customer service. Chat logins
 * (tencentUserSig) are random tokens kept as their SHA-256, like sessions, and live only as long
 * as the session that asked for them (none for customer service's, which the console hands out).
 */
export const up = [
  `create table im_groups (
     id bigint generated always as identity primary key,
     kind text not null check (kind in ('order', 'offer')),
     ref_id integer not null,
     title text not null,
     last_seq integer not null default 0,
     ended_at timestamptz,
     created_at timestamptz not null default now(),
     unique (kind, ref_id)
   )`,
  `create table im_members (
     group_id bigint not null references im_groups(id),
     account text not null,
     role text not null check (role in ('buyer', 'seller', 'cs')),
     read_seq integer not null default 0,
     joined_at timestamptz not null default now(),
     primary key (group_id, account)
   )`,
  'create index im_members_account_idx on im_members (account)',
  `create table im_messages (
     id bigint generated always as identity primary key,
     group_id bigint not null references im_groups(id),
     seq integer not null,
     sender text not null,
     role text not null check (role in ('buyer', 'seller', 'system', 'cs')),
     kind text not null check (kind in ('text', 'image', 'order', 'event')),
     body text not null,
     created_at timestamptz not null default now(),
     unique (group_id, seq)
   )`,
  `create table im_tokens (
     token_hash text primary key,
     account text not null,
     session_hash text,
     expires_at timestamptz not null,
     created_at timestamptz not null default now()
   )`,
  'create index im_tokens_account_idx on im_tokens (account, expires_at)',
];
