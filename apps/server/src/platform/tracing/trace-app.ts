import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db/database';
import type { RedisClient } from '../redis';
import { httpTraces } from './http-traces';
import { redisTraces } from './redis-traces';
import { statementTraces } from './statement-traces';
import { openTracing, type SpanExporter, setTracing, type Tracing } from './tracing';

export interface AppTracing {
  tracing: Tracing;
  /** Once the platform is open: statements and Redis commands become spans; answers the app's last stop step (flush). */
  traceParts(parts: { db: Db; redis: RedisClient | null }): () => Promise<void>;
}

/**
 * Tracing for a built app (decision 0060), or null when it is off (no OTEL_EXPORTER_OTLP_ENDPOINT
 * and no test exporter): then no provider exists and no hook is registered. On, the request span's
 * hooks go first (before every other onRequest hook), the partner client asks `tracingOf(app)`.
 */
export function traceRequests(
  app: FastifyInstance,
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME' | 'OTEL_TRACES_SAMPLER_ARG' | 'NODE_NAME'>,
  exporter?: SpanExporter,
): AppTracing | null {
  const tracing = openTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    exporter,
    serviceName: config.OTEL_SERVICE_NAME,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
    instance: config.NODE_NAME,
  });
  if (!tracing) return null;
  setTracing(app, tracing);
  httpTraces(app, tracing);
  return {
    tracing,
    traceParts({ db, redis }) {
      statementTraces(db, tracing);
      if (redis) redisTraces(redis, tracing);
      return () => tracing.shutdown();
    },
  };
}
