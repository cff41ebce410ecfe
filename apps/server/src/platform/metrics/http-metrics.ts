import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromThisMachine } from '../http/this-machine';
import { LATENCY_BUCKETS, type Metrics } from './metrics';

const answeredCodes = new WeakMap<FastifyRequest, string>();

/** The envelope's code of an answer that is not a success (the error handler notes it once). */
export function noteAnswerCode(request: FastifyRequest, code: string): void {
  answeredCodes.set(request, code);
}

/** The code noted for an answer that is not a success (the traces' request span carries it). */
export function answeredCodeOf(request: FastifyRequest): string | undefined {
  return answeredCodes.get(request);
}

/** Who may read /metrics: the bearer of METRICS_TOKEN; without one, a scraper on this machine only. */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  return fromThisMachine(request);
}

/**
 * HTTP by call: requests by route, method, status and the envelope's code, and their latency; and
 * `/metrics` in Prometheus text for whoever `mayRead` lets in (404 to anyone else: nothing to find).
 */
export function httpMetrics(app: FastifyInstance, metrics: Metrics, options: { token?: string | undefined }): void {
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'Answers by route, method, HTTP status and envelope code (200 for a success)',
    labelNames: ['route', 'method', 'status', 'code'] as const,
  });
  const latency = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const status = reply.statusCode;
      const code = answeredCodes.get(request) ?? (status < 400 ? '200' : String(status));
      requests.inc({ route, method: request.method, status, code });
      latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    }
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request, options.token)) return reply.status(404).send({ status: 'not found' });
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
