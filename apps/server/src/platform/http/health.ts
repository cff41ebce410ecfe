import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { RedisClient } from '../redis';

/** /health: the process answers; /health/ready: and so do the database and Redis (503 otherwise). */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; redis: RedisClient | null }): void {
  app.get('/health', async () => {
    return { status: 'ok' };
  });
  app.get('/health/ready', async (_request, reply) => {
    try {
      await deps.db.selectFrom('settings').select('key').limit(1).execute();
      if (deps.redis) await deps.redis.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
