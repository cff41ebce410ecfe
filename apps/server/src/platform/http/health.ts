import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { platformDb } from '../db/platform.tables';
import type { RedisClient } from '../redis';

/**
 * /health: the process answers and takes traffic (503 `draining` once it is stopping: the
 * balancer's check, deploy/haproxy.cfg); /health/ready: and the database and Redis answer too
 * (503 otherwise); /health says `overloaded` (503) while the process sheds load.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; redis: RedisClient | null; draining?: () => boolean; underPressure?: () => boolean },
): void {
  app.get('/health', async (_request, reply) => {
    if (deps.draining?.()) return reply.status(503).send({ status: 'draining' });
    // Shedding load (load-shedding.ts): the balancer sends new requests to the other processes meanwhile.
    if (deps.underPressure?.()) return reply.status(503).header('retry-after', 2).send({ status: 'overloaded' });
    return { status: 'ok' };
  });
  app.get('/health/ready', async (_request, reply) => {
    try {
      await platformDb(deps.db).selectFrom('settings').select('key').limit(1).execute();
      if (deps.redis) await deps.redis.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
