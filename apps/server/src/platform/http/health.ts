import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { platformDb } from '../db/platform.tables';
import type { RedisClient } from '../redis';

/**
 * /health: the process answers and takes traffic (503 `draining` once it is stopping: the
 * balancer's check, deploy/haproxy.cfg); /health/ready: and the database and Redis answer too
 * (503 otherwise).
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; redis: RedisClient | null; draining?: () => boolean },
): void {
  app.get('/health', async (_request, reply) => {
    if (deps.draining?.()) return reply.status(503).send({ status: 'draining' });
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
