import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/**
 * The process's own measures (event-loop lag, heap, RSS, GC, handles): collected once per process,
 * shared by every app it builds (the tests build many in one worker).
 */
let processRegistry: client.Registry | null = null;
function processMetrics(): client.Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new client.Registry();
  client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  return processRegistry;
}

/**
 * The app's metrics (decision 0054): one prom-client registry per built app, into which the
 * platform and each module register their own instruments (a module names its metrics beside its
 * code, not in a central list). `/metrics` answers the process's measures and these.
 */
export class Metrics {
  readonly registry = new client.Registry();

  counter<L extends string>(config: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    collect?: (this: client.Counter<L>) => void | Promise<void>;
  }): client.Counter<L> {
    return new client.Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    collect?: (this: client.Gauge<L>) => void | Promise<void>;
  }): client.Gauge<L> {
    return new client.Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    buckets?: number[];
  }): client.Histogram<L> {
    return new client.Histogram({ ...config, registers: [this.registry] });
  }

  /** The Prometheus text of the process's and the app's metrics. */
  async text(): Promise<string> {
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  readonly contentType = client.Registry.PROMETHEUS_CONTENT_TYPE;
}

/** Latency buckets (seconds) for calls and statements: 1 ms to 10 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const metricsOfApp = new WeakMap<FastifyInstance, Metrics>();

/** The app's metrics, made with the app (buildApp); parts that hold the app but not the platform ask here. */
export function metricsOf(app: FastifyInstance): Metrics {
  let metrics = metricsOfApp.get(app);
  if (!metrics) {
    metrics = new Metrics();
    metricsOfApp.set(app, metrics);
  }
  return metrics;
}
