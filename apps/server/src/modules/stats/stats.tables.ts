import type { Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

/** One rollup row: a bucket's value of one metric for one combination of dimensions ('' = none). */
export interface StatsRollupTable {
  bucket: Date;
  game: string;
  server_group: string;
  goods_type: string;
  scene: string;
  ab_group: string;
  metric: string;
  /** bigint: PostgreSQL answers it as a string. */
  value: string | number | bigint;
}

/** One bin of a day's price histogram (the price indices, migration 0057). */
export interface StatsPriceDailyTable {
  bucket: Date;
  game: string;
  server_group: string;
  goods_type: string;
  kind: string;
  level_band: string;
  bin: number;
  n: number;
  total: number;
}

/** The tables the stats module owns (docs/architecture.md): no other module reads or writes them. */
export interface StatsTables {
  stats_hourly: StatsRollupTable;
  stats_daily: StatsRollupTable;
  stats_price_daily: StatsPriceDailyTable;
}

export type StatsDb = Kysely<StatsTables>;

export const statsDb = (db: DbHandle): StatsDb => db as StatsDb;
