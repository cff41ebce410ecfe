import type { StatsMetric } from '@app/protocol/ops-stats';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A rollup's grain: hours, or Beijing days (00:00 +08:00 to 00:00 +08:00). */
export type Grain = 'hour' | 'day';

/** One fact a source answers: a bucket's value of one metric for one combination of dimensions. */
export interface FactRow {
  bucket: Date;
  game: string;
  serverGroup: string;
  goodsType: string;
  scene: string;
  abGroup: string;
  metric: StatsMetric;
  value: number;
}

/**
 * A source of the rollups (the tracking module's events, the orders module's orders): the metrics
 * it owns, and each bucket's facts of `[from, to)` at a grain, computed from its own tables. The
 * stats module replaces its metrics' rows of those buckets with the answer, so a source must answer
 * the whole of each bucket it is asked (from and to fall on bucket starts).
 */
export interface StatsSource {
  name: string;
  metrics: readonly StatsMetric[];
  facts: (db: Db, range: { from: Date; to: Date; grain: Grain }) => Promise<FactRow[]>;
  /** Raw rows kept only for a while (the events): deletes those before `before`, answers how many. */
  prune?: (db: Db, before: Date) => Promise<number>;
  /**
   * The price indices' histograms (decision 0065): each Beijing day of `[from, to)` (day starts),
   * the finished trades' unit prices binned by `priceBinOf`. At most one source answers prices.
   */
  prices?: (db: Db, range: { from: Date; to: Date }) => Promise<PriceBinRow[]>;
}

/** One day's histogram bin of one kind's finished trades: how many, and the sum of their prices. */
export interface PriceBinRow {
  bucket: Date;
  game: string;
  serverGroup: string;
  goodsType: string;
  /** Coin type, role type or prop sub-type ('' none). */
  kind: string;
  /** Roles' level band ('40-49'; '' none). */
  levelBand: string;
  bin: number;
  n: number;
  /** The sum of the bin's prices (fen; fen per 10,000 coins for coins). */
  total: number;
}

/** Bins on a log scale: bin k holds the prices in [RATIO^k, RATIO^(k+1)), each 1% wide. */
export const PRICE_BIN_RATIO = 1.01;

/** The bin of a positive price expression (SQL, the same on PGlite and PostgreSQL). */
export const priceBinOf = (price: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`floor(ln(${price}) / ln(${sql.lit(PRICE_BIN_RATIO)}))::int`;

/** The port the rollup asks: each module with facts registers its source at composition (app.ts). */
export class StatsSources {
  readonly #all: StatsSource[] = [];

  register(source: StatsSource): void {
    const taken = new Set(this.#all.flatMap((s) => s.metrics));
    const twice = source.metrics.find((m) => taken.has(m));
    if (twice) throw new Error(`stats metric ${twice} has two sources`);
    if (source.prices && this.#all.some((s) => s.prices)) throw new Error('the price indices have two sources');
    this.#all.push(source);
  }

  all(): readonly StatsSource[] {
    return this.#all;
  }
}

const BEIJING_SECONDS = 8 * 3600;

/**
 * The start of the bucket `at` (a timestamptz expression) falls in, the same on PGlite and
 * PostgreSQL whatever the session's time zone: epoch arithmetic, Beijing days at +08:00.
 */
export function bucketOf(at: RawBuilder<unknown>, grain: Grain): RawBuilder<Date> {
  return grain === 'hour'
    ? sql<Date>`to_timestamp(floor(extract(epoch from ${at}) / 3600) * 3600)`
    : sql<Date>`to_timestamp(floor((extract(epoch from ${at}) + ${sql.lit(BEIJING_SECONDS)}) / 86400) * 86400 - ${sql.lit(BEIJING_SECONDS)})`;
}

/** The bucket start at or before `at`. */
export function floorTo(at: Date, grain: Grain): Date {
  const size = grain === 'hour' ? 3_600_000 : 86_400_000;
  const shift = grain === 'hour' ? 0 : BEIJING_SECONDS * 1000;
  return new Date(Math.floor((at.getTime() + shift) / size) * size - shift);
}

/** The Beijing day 'YYYY-MM-DD' of a day bucket's start, and back. */
export const dayOf = (bucket: Date): string =>
  new Date(bucket.getTime() + BEIJING_SECONDS * 1000).toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
