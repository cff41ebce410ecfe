import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { trackingRoutes } from './tracking.routes';
import { keepMonthsAhead } from './tracking-partitions';

/**
 * The statistics service: events signed by the statistics app of each client source, with that
 * source's sign secret (clientConfig hands both out), as they are when the server starts.
 */
export async function trackingModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; partitionsEveryMs: number },
): Promise<void> {
  const { platform } = deps;
  // The events' monthly partitions kept two months ahead (decision 0074), by the sweep leader.
  sweepEvery(app, deps.partitionsEveryMs, 'tracking-partitions', () => keepMonthsAhead(platform.db), {
    firstAfterMs: 1_000,
  });
  const secrets = Object.fromEntries(
    Object.entries(platform.keyRing().signSecrets).map(([source, secret]) => [
      `market-${source.toLowerCase()}`,
      secret,
    ]),
  );
  await trackingRoutes(app, { db: platform.db, nonces: platform.nonces, secrets });
}
