import type { FastifyInstance } from 'fastify';
import type { SweepLeadership } from './sweep-leader';

const leadershipOf = new WeakMap<FastifyInstance, SweepLeadership>();

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
): void {
  if (ms <= 0) return;
  let running = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const leads = leadershipOf.get(app);
      if ((leads && !(await leads.leads())) || stopped) return;
      const moved = await sweep();
      if (Object.values(moved).some((n) => n > 0)) app.log.info({ sweep: name, ...moved }, `${name} swept`);
    } catch (error) {
      app.log.warn({ err: error }, `${name} sweep failed`);
    } finally {
      running = false;
    }
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
  });
}
