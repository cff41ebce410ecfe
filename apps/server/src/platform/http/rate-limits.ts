import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../auth/sessions';
import type { RateStore } from '../rate/rate-store';
import { headerOf } from './register-call';

export interface RateLimitOptions {
  /** Calls per 10 s of one client: its session token, else its address (0 = off). */
  clientPer10s: number;
  /** Calls per minute of one address, whoever calls (0 = off): the ceiling a token change cannot lift. */
  addressPerMinute: number;
  /** Statistics posts per minute of one address (0 = off). */
  eventsPerMinute: number;
  /** The counters of the SMS limits: in process, or shared by every server process through Redis. */
  rates: RateStore;
}

/** Exchange calls, behind a gateway prefix or not (/exchange/pb/api/…). */
const API_CALL = /^\/(?:[a-z]+\/)?(?:pb|df|pt)\/api\//;
const EVENTS = /^\/v1\/events?(?:\?|$)/;
const RATE_LIMIT_REFUSAL = '操作过于频繁，请稍后再试';

class RateLimited extends Error {
  readonly rateLimited = true;
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMIT_REFUSAL);
  }
}

/**
 * Per-client and per-address limits of the exchange API and the statistics service, counted in
 * fixed windows by the same RateStore as the SMS limits (decision 0014: @fastify/rate-limit's
 * in-memory store hands every concurrent request the same mutable counter, so a burst was refused
 * whole). The address is request.ip, which honours TRUST_PROXY behind a load balancer. A refusal
 * is HTTP 429 with code 10005 and Retry-After.
 */
export function rateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const limits = [
    { path: API_CALL, max: options.addressPerMinute, seconds: 60, key: (r: FastifyRequest) => `api:a:${r.ip}` },
    {
      path: API_CALL,
      max: options.clientPer10s,
      seconds: 10,
      key: (r: FastifyRequest) => {
        const token = headerOf(r, 'x-token');
        return token ? `api:t:${hashToken(token)}` : `api:c:${r.ip}`;
      },
    },
    { path: EVENTS, max: options.eventsPerMinute, seconds: 60, key: (r: FastifyRequest) => `events:a:${r.ip}` },
  ].filter((l) => l.max > 0);
  if (limits.length === 0) return;
  app.addHook('onRequest', async (request) => {
    for (const limit of limits) {
      if (!limit.path.test(request.url)) continue;
      if ((await options.rates.hit(limit.key(request), limit.seconds)) > limit.max)
        throw new RateLimited(limit.seconds);
    }
  });
}

export function isRateLimited(error: unknown): error is RateLimited {
  return error instanceof RateLimited;
}

export const rateLimitedEnvelope = () => ({ code: ErrorCode.TOO_FREQUENT, msg: RATE_LIMIT_REFUSAL, data: null });
