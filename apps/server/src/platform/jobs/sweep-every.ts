import type { FastifyInstance } from 'fastify';
import { metricsOf } from '../metrics/metrics';
import type { SweepLeadership } from './sweep-leader';

const leadershipOf = new WeakMap<FastifyInstance, SweepLeadership>();

/** The sweeps' metrics of an app, made with its first sweeper: runs by outcome, rows moved, leading. */
const instrumentsOf = new WeakMap<FastifyInstance, ReturnType<typeof sweepInstruments>>();
function sweepInstruments(app: FastifyInstance) {
  const metrics = metricsOf(app);
  const leads = { now: true };
  return {
    runs: metrics.counter({
      name: 'sweep_runs_total',
      help: 'Sweeper runs by sweep and outcome (moved, idle, failed, follower: another process leads)',
      labelNames: ['sweep', 'outcome'] as const,
    }),
    moved: metrics.counter({
      name: 'sweep_rows_moved_total',
      help: 'Rows a sweeper moved, by sweep and what it moved',
      labelNames: ['sweep', 'what'] as const,
    }),
    leads,
    leader: metrics.gauge({
      name: 'sweep_leader',
      help: '1 while this process runs the sweeps (the advisory lock of sweep-leader.ts, or no other process), else 0',
      collect() {
        this.set(leads.now ? 1 : 0);
      },
    }),
  };
}
function instruments(app: FastifyInstance) {
  let found = instrumentsOf.get(app);
  if (!found) {
    found = sweepInstruments(app);
    instrumentsOf.set(app, found);
  }
  return found;
}

/**
 * Makes the app's sweepers run only while `leadership` says this process leads (many processes on
 * one database: one sweeps, sweep-leader.ts). Without it, the app's sweepers always run.
 */
export function leadSweeps(app: FastifyInstance, leadership: SweepLeadership): void {
  leadershipOf.set(app, leadership);
}

/**
 * A deadline sweeper on a timer (ARCHITECTURE: deadlines are columns, sweepers move them): every
 * `ms` (0 turns it off), in the leading process only, never two runs at once, what it moved logged
 * when it moved anything, a failure logged and tried again next time, stopped with the app.
 */
export function sweepEvery(
  app: FastifyInstance,
  ms: number,
  name: string,
  sweep: () => Promise<Record<string, number>>,
  /** A first run this soon after the app is ready instead of after `ms` (a long period's first catch-up). */
  options: { firstAfterMs?: number } = {},
): void {
  if (ms <= 0) return;
  const measured = instruments(app);
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const leads = leadershipOf.get(app);
      if (stopped) return;
      if (leads) measured.leads.now = await leads.leads();
      if (!measured.leads.now) {
        measured.runs.inc({ sweep: name, outcome: 'follower' });
        return;
      }
      const moved = await sweep();
      const any = Object.values(moved).some((n) => n > 0);
      measured.runs.inc({ sweep: name, outcome: any ? 'moved' : 'idle' });
      for (const [what, n] of Object.entries(moved)) if (n > 0) measured.moved.inc({ sweep: name, what }, n);
      if (any) app.log.info({ sweep: name, ...moved }, `${name} swept`);
    } catch (error) {
      measured.runs.inc({ sweep: name, outcome: 'failed' });
      app.log.warn({ err: error }, `${name} sweep failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  let first: NodeJS.Timeout | undefined;
  if (options.firstAfterMs !== undefined && options.firstAfterMs < ms)
    app.addHook('onReady', async () => {
      first = setTimeout(tick, options.firstAfterMs);
      first.unref();
    });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
  });
}
