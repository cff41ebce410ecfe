import type { AbComparison, StatsDashboard, StatsQuery } from '@app/protocol/ops-stats';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { priceIndexRoutes } from './price-index.routes';
import { abComparison, dashboard, dashboardCsv } from './stats-dashboard';
import { type RollupSettings, rollUpRecent } from './stats-rollup';
import type { StatsSources } from './stats-sources';

/** What the console reads (ops mounts the routes under its staff check). */
export interface StatsHandle {
  dashboard: (q: StatsQuery) => Promise<StatsDashboard>;
  ab: (q: StatsQuery) => Promise<AbComparison>;
  csv: (q: StatsQuery) => Promise<string>;
  /** One rollup run now (the sweep's; `/dev/sweep` and tests call it). */
  rollUp: (now?: Date) => Promise<Record<string, number>>;
  /**
   * The whole backfill period rolled up again, whatever the watermark: for facts written in the
   * past after the rollups passed them (the demo's seed writes 60 days of sales at start-up).
   */
  backfill: (now?: Date) => Promise<Record<string, number>>;
}

/**
 * The statistics (docs/decisions/0063-stats-rollups.md): hourly and daily rollups of every
 * registered source, kept by the sweep leader every `rollupEveryMs`, and the dashboard read from
 * the day rollups only; the players' price indices (行情, decision 0065) from the day price
 * histograms. Owns stats_hourly, stats_daily and stats_price_daily; reads no other module's table.
 */
export function statsModule(
  app: FastifyInstance,
  deps: { db: Db; platform: CallPlatform; sources: StatsSources; rollupEveryMs: number; settings: RollupSettings },
): StatsHandle {
  const { db, sources, settings } = deps;
  priceIndexRoutes(app, deps.platform, db);
  // One run at a time in this process, the sweep's and the callers' alike (two runs replacing the
  // same buckets at once could interleave their deletes and inserts).
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  const rollUp = (now?: Date) => serial(() => rollUpRecent(db, sources, settings, now));
  const backfill = (now?: Date) => serial(() => rollUpRecent(db, sources, settings, now, { fromBackfill: true }));
  // The first catch-up soon after start: a fresh install (or a restart after a long stop) shows its
  // history on the dashboard and 行情 within seconds, not after the first period.
  sweepEvery(app, deps.rollupEveryMs, 'stats-rollup', () => rollUp(), { firstAfterMs: 5_000 });
  return {
    dashboard: (q) => dashboard(db, q),
    ab: (q) => abComparison(db, q),
    csv: async (q) => dashboardCsv(await dashboard(db, q)),
    rollUp,
    backfill,
  };
}
