import { getHeapStatistics } from 'node:v8';
import { ErrorCode } from '@app/protocol/errors';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noteAnswerCode } from '../metrics/http-metrics';
import type { Metrics } from '../metrics/metrics';
import { envelope } from './error-handler';

export interface SheddingOptions {
  /** Mean event-loop delay over a sample (ms) above which new requests are refused; 0: never. */
  maxEventLoopDelayMs: number;
  /** Share of the heap's limit in use above which new requests are refused; 0: never. */
  maxHeapUsedRatio: number;
  /** How often the process is measured (ms). */
  sampleMs: number;
}

/** Seconds a refused client is asked to wait: the next samples decide whether it is let in. */
const RETRY_AFTER_SECONDS = 2;

/**
 * What is never refused: the balancer's and the scraper's views of the process (they must see the
 * pressure), and the gateways' payment notifications (money already moved; refusing it would only
 * delay the order behind it until the gateway's next retry).
 */
const admittedAlways = (request: FastifyRequest) =>
  request.url.startsWith('/health') || request.url === '/metrics' || request.url.startsWith('/pay/notify/');

/**
 * Load shedding (decision 0055) with @fastify/under-pressure: above a measured event-loop delay or
 * heap, a new request gets 503 with Retry-After and the uniform envelope (10000 系统繁忙) at once,
 * before any of its work starts, instead of every request slowing down; what is already in flight
 * (a payment in its transaction) runs to its end. `/health` says `overloaded` meanwhile, so the
 * balancer sends the traffic to the other processes.
 */
export async function shedLoad(
  app: FastifyInstance,
  metrics: Metrics,
  options: SheddingOptions,
): Promise<{ underPressure: () => boolean }> {
  if (options.maxEventLoopDelayMs <= 0 && options.maxHeapUsedRatio <= 0) return { underPressure: () => false };
  const shed = metrics.counter({
    name: 'http_shed_total',
    help: 'Requests refused with 503 under load, by what was over its limit',
    labelNames: ['reason'] as const,
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * options.maxHeapUsedRatio),
    sampleInterval: options.sampleMs,
    // A handler's value is what the plugin sends (and nothing after it runs); undefined lets the
    // request in. The plugin's types say void, its code sends what is returned.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (admittedAlways(request)) return undefined;
      shed.inc({ reason: type });
      noteAnswerCode(request, ErrorCode.INTERNAL);
      reply.status(503).header('retry-after', RETRY_AFTER_SECONDS);
      return envelope(ErrorCode.INTERNAL);
    }) as unknown as NonNullable<FastifyUnderPressureOptions['pressureHandler']>,
  });
  metrics.gauge({
    name: 'process_pressure',
    help: 'What load shedding measures at its last sample: event-loop delay (ms), event-loop utilization (0..1), heap used (bytes)',
    labelNames: ['measure'] as const,
    collect() {
      const now = app.memoryUsage();
      this.set({ measure: 'event_loop_delay_ms' }, now.eventLoopDelay);
      this.set({ measure: 'event_loop_utilization' }, now.eventLoopUtilized);
      this.set({ measure: 'heap_used_bytes' }, now.heapUsed);
    },
  });
  return { underPressure: () => app.isUnderPressure() };
}
