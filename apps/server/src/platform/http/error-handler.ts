import { PartnerUnavailable } from '@app/game-partner/partner-errors';
import { EnvelopeError } from '@app/protocol/codec/server';
import { CLIENT_MESSAGES, ErrorCode, errorCatalogue } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { isAppError, isDatabaseUnavailable, isDataException, isRedisUnavailable } from '../errors';
import { noteAnswerCode } from '../metrics/http-metrics';
import { isRateLimited, rateLimitedEnvelope } from './rate-limits';

/** The envelope of every answer that is not a call's success: {code, msg, data} (PROTOCOL.md). */
export const envelope = (code: ErrorCode, msg?: string, data: unknown = null) => ({
  code,
  msg: msg ?? errorCatalogue[code].message,
  data,
});

/**
 * Errors are thrown deep and answered once, here: an AppError with its code; a refused envelope,
 * a limit, a value the database refuses, the database unreachable (503), a transport failure each with its uniform answer; anything
 * else logged and answered 500 without its message.
 */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // Each answer's code is noted for the call's metrics (http-metrics.ts).
    const send = (status: number, answer: { code: string }) => {
      noteAnswerCode(request, answer.code);
      return reply.status(status).send(answer);
    };
    if (isAppError(error)) return send(200, envelope(error.code, error.message, error.data));
    if (error instanceof EnvelopeError) {
      request.log.info({ reason: error.reason }, 'envelope refused');
      return send(200, envelope(ErrorCode.BAD_ENVELOPE));
    }
    if (isRateLimited(error)) {
      request.log.info({ ip: request.ip }, 'rate limited');
      reply.header('retry-after', error.retryAfterSeconds);
      return send(429, rateLimitedEnvelope());
    }
    const e = error as { code?: string; statusCode?: number };
    if (isDataException(error)) {
      // A value the schema let through but the database refuses (out of range, bad encoding): the caller's.
      request.log.warn({ err: error }, 'input refused by the database');
      return send(200, envelope(ErrorCode.BAD_PARAMS));
    }
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      // PostgreSQL or Redis down or restarting: 503 and Retry-After, so clients and balancers know to come back.
      request.log.warn({ err: error }, isRedisUnavailable(error) ? 'redis unavailable' : 'database unavailable');
      reply.header('retry-after', 1);
      return send(503, envelope(ErrorCode.INTERNAL));
    }
    if (error instanceof PartnerUnavailable) {
      // A game slow or down (its circuit open): the same 503 and 10000, with words a player understands (decision 0073).
      request.log.warn({ err: error, reason: error.reason }, 'game unavailable');
      reply.header('retry-after', 2);
      return send(503, envelope(ErrorCode.INTERNAL, CLIENT_MESSAGES.gameUnavailable));
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, envelope(ErrorCode.BODY_TOO_LARGE));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type: a transport-level failure, same uniform answer.
      request.log.info({ err: error }, 'bad request');
      return send(e.statusCode, envelope(ErrorCode.BAD_ENVELOPE));
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, envelope(ErrorCode.INTERNAL));
  });
}
