/** Settings, codec keys, users and sessions. */
export const up = [
  `create table settings (
     key text primary key,
     value jsonb not null,
     updated_at timestamptz not null default now()
   )`,
  `create table codec_keys (
     key_id text primary key,
     private_pem text not null,
     created_at timestamptz not null default now(),
     retired_at timestamptz
   )`,
  `create table users (
     id integer generated always as identity primary key,
     uid text not null unique,
     mobile text unique,
     nickname text not null,
     avatar text not null default '',
     has_authentication boolean not null default false,
     created_at timestamptz not null default now()
   )`,
  `create table sessions (
     token_hash text primary key,
     user_id integer not null references users(id),
     source text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     revoked_at timestamptz
   )`,
  'create index sessions_user_idx on sessions (user_id)',
];
