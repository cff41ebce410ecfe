/**
 * 降价提醒: the price a listing was last on sale at, kept while the seller reprices it delisted (the
 * first price edit of 已下架 records it, going back on sale clears it), so the relist can tell the
 * collectors when it is buyable again at a lower price. Null: no price edit since it was on sale.
 * The collectors of a listing are looked up by the listing.
 */
export const up = [
  'alter table commodities add column last_on_sale_price_fen bigint',
  'create index collections_commodity_idx on collections (commodity_id)',
];
