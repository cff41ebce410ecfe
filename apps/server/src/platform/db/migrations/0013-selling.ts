/**
 * Selling: each game's rules and switches; what a listing froze (items, coins), its pre-sale
 * delivery, why it failed, when it was taken back; the consignment key's seller and its use.
 */
export const up = [
  "alter table games add column sell_rules jsonb not null default '{}'",
  'alter table games add column consignment_open boolean not null default true',
  'alter table games add column item_exchange_open boolean not null default true',
  'alter table games add column presale_open boolean not null default true',
  "alter table commodities add column item_ids jsonb not null default '[]'",
  'alter table commodities add column deliver_days smallint',
  'alter table commodities add column note text',
  'alter table commodities add column taken_back_at timestamptz',
  "alter table commodities add column source text not null default 'sdk'",
  'alter table commodities add column fee_fen bigint not null default 0',
  // A pre-frozen prop waits for its price until then; a listing stuck in 上架中 is swept after it.
  'alter table commodities add column pending_until timestamptz',
  // A pre-frozen prop (上架中) has no price until the seller sets one (nor when it is abandoned).
  'alter table commodities drop constraint commodities_price_fen_check',
  'alter table commodities add constraint commodities_price_fen_check check (price_fen > 0 or status in (6, -1))',
  'create index commodities_pending_idx on commodities (pending_until) where status = 6',
  'create index commodities_expiring_idx on commodities (expires_at) where status = 1',
  'create index commodities_retrieving_idx on commodities (updated_at) where status = 7',
  'create index commodities_items_idx on commodities using gin (item_ids) where type = 3',
  'alter table consignment_keys add column bound_user_id integer references users(id)',
  'alter table consignment_keys add column used_at timestamptz',
  'alter table consignment_keys add column commodity_id integer references commodities(id)',
];
