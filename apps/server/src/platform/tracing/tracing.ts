import {
  type Attributes,
  type Context,
  context,
  defaultTextMapSetter,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';

export type { SpanExporter };

export interface TracingOptions {
  /** OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT): spans go to `<endpoint>/v1/traces`. */
  endpoint?: string | undefined;
  /** Tests: every span, at once, into this exporter (an InMemorySpanExporter). */
  exporter?: SpanExporter | undefined;
  serviceName: string;
  /** This process among many (NODE_NAME): the spans' service.instance.id. */
  instance?: string | undefined;
  /** Share of the traces kept (root requests); a request's children follow its choice. */
  sampleRatio: number;
}

/** The W3C trace context: what the partner API client adds to its calls (traceparent, tracestate). */
const w3c = new W3CTraceContextPropagator();

/**
 * The process's one global piece: the AsyncLocalStorage context manager, so the active span
 * follows a request through its awaits. Installed once, by the first app that traces; the
 * providers stay per app (the tests build many apps in one process, decision 0060).
 */
let contextInstalled = false;
function installContext(): void {
  if (contextInstalled) return;
  contextInstalled = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

/**
 * An app's traces (decision 0060): its own BasicTracerProvider, never registered globally, and the
 * tracer the platform's hooks start their spans with. Made only when tracing is on (an endpoint or
 * a test's exporter); off, nothing of this exists and no hook is registered.
 */
export class Tracing {
  readonly tracer: Tracer;
  private readonly provider: BasicTracerProvider;

  constructor(options: TracingOptions & { exporter: SpanExporter }, batched: boolean) {
    installContext();
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({
        [ATTR_SERVICE_NAME]: options.serviceName,
        ...(options.instance ? { 'service.instance.id': options.instance } : {}),
      }),
      sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio) }),
      spanProcessors: [batched ? new BatchSpanProcessor(options.exporter) : new SimpleSpanProcessor(options.exporter)],
    });
    this.tracer = this.provider.getTracer('marketplace-server');
  }

  /** A client span (a partner call, a Redis command) under the active context. */
  client(name: string, attributes: Attributes): { span: Span; context: Context } {
    const parent = context.active();
    const span = this.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
    return { span, context: trace.setSpan(parent, span) };
  }

  /** The W3C headers of a context (traceparent, and tracestate when there is one). */
  headersOf(of: Context): Record<string, string> {
    const headers: Record<string, string> = {};
    w3c.inject(of, headers, defaultTextMapSetter);
    return headers;
  }

  /** Sends what is still buffered and stops (the app's last onClose step). */
  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}

/** Ends a span as failed with what was thrown. */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}

/** The app's traces, or null when tracing is off: no endpoint and no test exporter. */
export function openTracing(options: TracingOptions): Tracing | null {
  if (options.exporter) return new Tracing({ ...options, exporter: options.exporter }, false);
  if (!options.endpoint) return null;
  const url = `${options.endpoint.replace(/\/$/, '')}/v1/traces`;
  return new Tracing({ ...options, exporter: new OTLPTraceExporter({ url }) }, true);
}

const tracingOfApp = new WeakMap<FastifyInstance, Tracing>();

export function setTracing(app: FastifyInstance, tracing: Tracing): void {
  tracingOfApp.set(app, tracing);
}

/** The app's traces (made by buildApp), or undefined when tracing is off. */
export function tracingOf(app: FastifyInstance): Tracing | undefined {
  return tracingOfApp.get(app);
}
