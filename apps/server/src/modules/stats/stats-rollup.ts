import type { Db } from '../../platform/db/database';
import { readSetting, writeSetting } from '../../platform/settings';
import { statsDb } from './stats.tables';
import { type FactRow, floorTo, type Grain, type PriceBinRow, type StatsSources } from './stats-sources';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The platform setting that keeps how far the rollup has reached (ISO, an hour's start). */
export const WATERMARK_KEY = 'stats.rolledUpTo';
/** The platform setting that keeps from which day the price histograms were filled (decision 0065). */
export const PRICES_FROM_KEY = 'stats.pricesFrom';
const tableOf = { hour: 'stats_hourly', day: 'stats_daily' } as const;

/**
 * Recomputes every bucket of `[from, to)` (bucket starts of the grain) from each source and
 * replaces that source's rows there, one transaction per source: a rerun writes the same rows, a
 * fact that arrived late lands in its bucket. Answers the rows written.
 */
export async function rollUp(
  db: Db,
  sources: StatsSources,
  range: { from: Date; to: Date; grain: Grain },
): Promise<number> {
  const { from, to, grain } = range;
  if (floorTo(from, grain).getTime() !== from.getTime() || floorTo(to, grain).getTime() !== to.getTime())
    throw new Error(`rollUp: ${from.toISOString()}..${to.toISOString()} is not on ${grain} buckets`);
  let written = 0;
  for (const source of sources.all()) {
    const facts = (await source.facts(db, range)).filter((f) => f.value !== 0);
    const prices = grain === 'day' && source.prices ? await source.prices(db, { from, to }) : undefined;
    await db.transaction().execute(async (trx) => {
      const stats = statsDb(trx);
      await stats
        .deleteFrom(tableOf[grain])
        .where('bucket', '>=', from)
        .where('bucket', '<', to)
        .where('metric', 'in', [...source.metrics])
        .execute();
      for (let i = 0; i < facts.length; i += 500) {
        await stats
          .insertInto(tableOf[grain])
          .values(facts.slice(i, i + 500).map(rowOf))
          .execute();
      }
      if (prices) await replacePrices(trx, from, to, prices);
    });
    written += facts.length;
  }
  return written;
}

/** The price histograms alone of the days `[from, to)` recomputed and replaced; answers the rows written. */
async function rollUpPrices(db: Db, sources: StatsSources, from: Date, to: Date): Promise<number> {
  let written = 0;
  for (const source of sources.all()) {
    if (!source.prices) continue;
    const prices = await source.prices(db, { from, to });
    await db.transaction().execute((trx) => replacePrices(trx, from, to, prices));
    written += prices.length;
  }
  return written;
}

/** The days' histograms replaced by the source's answer (one source answers prices). */
async function replacePrices(trx: Db, from: Date, to: Date, rows: PriceBinRow[]): Promise<void> {
  const stats = statsDb(trx);
  await stats.deleteFrom('stats_price_daily').where('bucket', '>=', from).where('bucket', '<', to).execute();
  for (let i = 0; i < rows.length; i += 500) {
    await stats
      .insertInto('stats_price_daily')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          bucket: r.bucket,
          game: r.game,
          server_group: r.serverGroup,
          goods_type: r.goodsType,
          kind: r.kind,
          level_band: r.levelBand,
          bin: r.bin,
          n: r.n,
          total: r.total,
        })),
      )
      .execute();
  }
}

const rowOf = (f: FactRow) => ({
  bucket: f.bucket,
  game: f.game,
  server_group: f.serverGroup,
  goods_type: f.goodsType,
  scene: f.scene,
  ab_group: f.abGroup,
  metric: f.metric,
  value: f.value,
});

export interface RollupSettings {
  lookbackHours: number;
  backfillDays: number;
  rawRetentionDays: number;
}

/**
 * The sweep's run: from the watermark less the look-back (or the backfill on the first run) to the
 * end of the current hour, hours and the Beijing days they touch, a day at a time so a catch-up
 * holds no long transaction; then the watermark, then the raw events past retention.
 */
export async function rollUpRecent(
  db: Db,
  sources: StatsSources,
  settings: RollupSettings,
  now: Date = new Date(),
  /** From the backfill whatever the watermark (history written in the past: the demo's seed). */
  options: { fromBackfill?: boolean } = {},
): Promise<Record<string, number>> {
  const mark = options.fromBackfill ? null : await rolledUpTo(db);
  const start = floorTo(
    mark
      ? new Date(mark.getTime() - settings.lookbackHours * HOUR)
      : new Date(now.getTime() - settings.backfillDays * DAY),
    'hour',
  );
  const end = new Date(floorTo(now, 'hour').getTime() + HOUR);
  let hourly = 0;
  let daily = 0;
  for (let day = floorTo(start, 'day'); day < end; day = new Date(day.getTime() + DAY)) {
    const next = new Date(day.getTime() + DAY);
    const from = day < start ? start : day;
    const to = next < end ? next : end;
    hourly += await rollUp(db, sources, { from, to, grain: 'hour' });
    daily += await rollUp(db, sources, { from: day, to: next, grain: 'day' });
  }
  // The price histograms came after the rollups (migration 0057): where the rollups ran before,
  // the days before this run's are filled once, back to the backfill, prices only.
  if (typeof (await readSetting(db, PRICES_FROM_KEY)) !== 'string') {
    const back = floorTo(new Date(now.getTime() - settings.backfillDays * DAY), 'day');
    for (let day = back; day < floorTo(start, 'day'); day = new Date(day.getTime() + DAY))
      daily += await rollUpPrices(db, sources, day, new Date(day.getTime() + DAY));
    await writeSetting(db, PRICES_FROM_KEY, back.toISOString());
  }
  await writeSetting(db, WATERMARK_KEY, floorTo(now, 'hour').toISOString());
  // Raw events older than retention and already behind the look-back (their buckets are final).
  const keepFrom = new Date(Math.min(now.getTime() - settings.rawRetentionDays * DAY, floorTo(start, 'day').getTime()));
  let pruned = 0;
  for (const source of sources.all()) pruned += (await source.prune?.(db, keepFrom)) ?? 0;
  return { hourly, daily, pruned };
}

/** The hour the rollups have reached, or null before the first run. */
export async function rolledUpTo(db: Db): Promise<Date | null> {
  const value = await readSetting(db, WATERMARK_KEY);
  return typeof value === 'string' ? new Date(value) : null;
}
