/** Third-party accounts (WeChat, QQ) linked to users. */
export const up = [
  `create table user_identities (
     provider text not null,
     subject text not null,
     user_id integer not null references users(id),
     created_at timestamptz not null default now(),
     primary key (provider, subject)
   )`,
  'create index user_identities_user_idx on user_identities (user_id)',
];
