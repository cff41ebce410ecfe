import type { FastifyInstance } from 'fastify';

/**
 * A deadline sweeper on a timer (ARCHITECTURE: deadlines are columns, sweepers move them): every
 * `ms` (0 turns it off), never two runs at once, what it moved logged when it moved anything,
 * a failure logged and tried again next time, stopped with the app.
 */
export function sweepEvery(
  app: FastifyInstance,
  ms: number,
  name: string,
  sweep: () => Promise<Record<string, number>>,
): void {
  if (ms <= 0) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const moved = await sweep();
      if (Object.values(moved).some((n) => n > 0)) app.log.info(moved, `${name} swept`);
    } catch (error) {
      app.log.warn({ err: error }, `${name} sweep failed`);
    } finally {
      running = false;
    }
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
