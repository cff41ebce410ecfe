import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callRegistry } from '../http/register-call';
import { answeredCodeOf } from '../metrics/http-metrics';
import type { Tracing } from './tracing';

/** The call's name (the protocol's operationId) an answer's span carries, and the envelope's code. */
const ATTR_CALL = 'app.call';
const ATTR_CODE = 'app.code';

const spans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * One server span per request (decision 0060): started in the first onRequest hook, named by the
 * protocol's call (its operationId) where the route is a registered call, else `METHOD route`;
 * the hooks after it and the handler run inside its context (once more at preHandler: the body is
 * read in the socket's own callbacks), so statements, Redis commands and partner calls become its
 * children. onResponse ends it with the status and the envelope's code; a request the client
 * abandoned ends it too.
 */
export function httpTraces(app: FastifyInstance, tracing: Tracing): void {
  let callNames: Map<string, string> | null = null;
  /** Read once the routes exist (the first request comes after ready). */
  const callNameOf = (method: string, route: string): string | undefined => {
    callNames ??= new Map(
      (callRegistry.get(app) ?? []).map(({ def, path }) => [`${def.method} ${path}`, def.operationId]),
    );
    return callNames.get(`${method} ${route}`);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const call = route ? callNameOf(request.method, route) : undefined;
    const span = tracing.tracer.startSpan(
      call ?? `${request.method} ${route ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_URL_PATH]: request.url.split('?')[0] ?? '',
          ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
          ...(call ? { [ATTR_CALL]: call } : {}),
        },
      },
      // A root: what a client sent as traceparent is not taken (one trace per request of ours).
      trace.deleteSpan(context.active()),
    );
    const active = trace.setSpan(context.active(), span);
    spans.set(request, { span, context: active });
    context.with(active, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const traced = spans.get(request);
    if (traced) context.with(traced.context, done);
    else done();
  });
  const end = (request: FastifyRequest, status: number | null) => {
    const traced = spans.get(request);
    if (!traced) return;
    spans.delete(request);
    const { span } = traced;
    const code = answeredCodeOf(request);
    if (status !== null) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    if (code) span.setAttribute(ATTR_CODE, code);
    if (status === null || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: code ?? 'aborted' });
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}
