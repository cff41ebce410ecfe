/** Consignment keys (寄售码) the games announce, with the lock id the game holds the role under. */
export const up = [
  `create table consignment_keys (
     jyh_key text primary key,
     pre_publish_lock_id text not null unique,
     game_id text not null,
     account_id text not null,
     server_id text not null,
     role_id text not null,
     expires_at timestamptz not null,
     created_at timestamptz not null default now()
   )`,
];
