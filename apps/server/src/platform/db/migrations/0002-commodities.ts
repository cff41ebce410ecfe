/** The listing card the market shows; the market issue extends it. Prices in integer fen. */
export const up = [
  `create table commodities (
     id integer generated always as identity primary key,
     type smallint not null check (type in (1, 2, 3)),
     title text not null,
     application_id text not null,
     game_name text not null,
     server_id text not null,
     server_name text not null,
     role_name text,
     role_class_name text,
     role_level integer,
     coin_type_name text,
     coin_num bigint,
     first_img text not null default '',
     price_fen bigint not null check (price_fen > 0),
     sale_type smallint not null default 0,
     auction_enable smallint not null default 0,
     status smallint not null,
     published_at timestamptz not null default now()
   )`,
  'create index commodities_app_status_published_idx on commodities (application_id, status, published_at desc, id desc)',
];
