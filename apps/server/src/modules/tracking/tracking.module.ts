import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { trackingRoutes } from './tracking.routes';

/**
 * The statistics service: events signed by the statistics app of each client source, with that
 * source's sign secret (clientConfig hands both out), as they are when the server starts.
 */
export async function trackingModule(app: FastifyInstance, deps: { platform: CallPlatform }): Promise<void> {
  const { platform } = deps;
  const secrets = Object.fromEntries(
    Object.entries(platform.keyRing().signSecrets).map(([source, secret]) => [
      `market-${source.toLowerCase()}`,
      secret,
    ]),
  );
  await trackingRoutes(app, { db: platform.db, nonces: platform.nonces, secrets });
}
