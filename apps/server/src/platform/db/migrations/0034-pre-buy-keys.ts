/**
 * 预购码 (docs/decisions/0021-deposits.md): a key the seller of a pre-sale hands one buyer, which
 * binds him as the listing's designated buyer. One use, a deadline; a new key ends the unused ones.
 */
export const up = [
  `create table pre_buy_keys (
     key text primary key,
     commodity_id integer not null references commodities(id),
     seller_user_id integer not null references users(id),
     expires_at timestamptz not null,
     used_by integer references users(id),
     used_at timestamptz,
     created_at timestamptz not null default now()
   )`,
  'create index pre_buy_keys_commodity_idx on pre_buy_keys (commodity_id)',
];
