/** Manual pre-sale records: what the seller claims, the ownership proof, the listing it became. */
export const up = [
  `create table manual_presales (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     application_id text not null references games(application_id),
     server_id text not null,
     game_account_id text,
     role_id text,
     role_name text,
     role_level integer,
     price_fen bigint not null check (price_fen > 0),
     deliver_days smallint not null,
     description text not null default '',
     status text not null default 'draft' check (status in ('draft', 'bound', 'verified', 'published', 'cancelled')),
     verification_content text,
     verification_expires_at timestamptz,
     verified_at timestamptz,
     commodity_id integer references commodities(id),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  'create index manual_presales_user_idx on manual_presales (user_id, created_at desc)',
  // One submitted pre-sale per role (504 for a second one).
  "create unique index manual_presales_role_submitted_idx on manual_presales (application_id, role_id) where status = 'published'",
];
