/**
 * The market's price indices (docs/decisions/0065-indices-price-bins.md): per Beijing day, game,
 * server group, goods type, kind (coin type, role class, prop sub-type) and level band, a histogram
 * of finished trades' unit prices on a log scale (bin k holds prices in [1.01^k, 1.01^(k+1)) fen,
 * ¥/万 for coins) with each bin's count and the sum of its prices. Counts add across days; the
 * quantiles are read from the bins. Recomputed from the trades and replaced per day like the rollups.
 */
export const up = [
  `create table stats_price_daily (
     bucket timestamptz not null,
     game text not null,
     server_group text not null,
     goods_type text not null,
     kind text not null,
     level_band text not null,
     bin integer not null,
     n integer not null,
     total double precision not null,
     primary key (game, goods_type, server_group, kind, level_band, bucket, bin)
   )`,
  'create index stats_price_daily_bucket_idx on stats_price_daily (bucket)',
];
