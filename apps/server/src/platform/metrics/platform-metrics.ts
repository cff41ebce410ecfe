import type { EnvelopeOpener } from '../codec/open-pool';
import type { Db } from '../db/database';
import { databaseWatchOf } from '../db/statement-timings';
import { LATENCY_BUCKETS, type Metrics } from './metrics';

/**
 * What the platform measures beside HTTP: every statement's latency and failures, the PostgreSQL
 * pool (connections open, idle, requests waiting for one), and the codec's version-2 opens by
 * where they ran (a thread of the opener pool, or the event loop when none was free or configured).
 */
export function platformMetrics(metrics: Metrics, parts: { db: Db; opener: EnvelopeOpener }): void {
  const watch = databaseWatchOf(parts.db);
  if (watch) {
    const statements = metrics.histogram({
      name: 'db_statement_duration_seconds',
      help: 'Time of each database statement, by outcome',
      labelNames: ['outcome'] as const,
      buckets: LATENCY_BUCKETS,
    });
    const ok = statements.labels({ outcome: 'ok' });
    const failed = statements.labels({ outcome: 'error' });
    watch.listener = (seconds, error) => (error ? failed : ok).observe(seconds);
    const pool = watch.pool;
    if (pool)
      metrics.gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool: connections by state, and requests waiting for one',
        labelNames: ['state'] as const,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
  }
  const seen = { thread: 0, event_loop: 0 };
  metrics.counter({
    name: 'codec_v2_opens_total',
    help: 'Version-2 envelopes opened (one RSA operation each), by where they ran',
    labelNames: ['where'] as const,
    collect() {
      // Follows the opener's own counts (it keeps them for health and the tests).
      const stats = parts.opener.stats();
      this.inc({ where: 'thread' }, stats.onThreads - seen.thread);
      this.inc({ where: 'event_loop' }, stats.inEventLoop - seen.event_loop);
      seen.thread = stats.onThreads;
      seen.event_loop = stats.inEventLoop;
    },
  });
  metrics.gauge({
    name: 'codec_opener_threads',
    help: 'Threads of the envelope opener pool, by state',
    labelNames: ['state'] as const,
    collect() {
      const stats = parts.opener.stats();
      this.set({ state: 'running' }, stats.threads);
      this.set({ state: 'ready' }, stats.ready);
    },
  });
}
