import { partnerSignature, sha256Hex, signatureMatches } from '@app/game-partner/partner-signing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GameError } from './game-error';
import type { World } from './model';
import type { Store } from './store';

const TIMESTAMP_WINDOW_S = 300;
const NONCE_MEMORY_MS = 600_000;

type PartnerRequest = FastifyRequest & { partnerBody?: unknown };

/** Answers a refusal as `{ok: false, code, message}` (401 for the signature, time and nonce checks). */
function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof z.ZodError)
    return reply.status(200).send({ ok: false, code: 'BAD_REQUEST', message: error.issues[0]?.message ?? '参数错误' });
  if (!(error instanceof GameError)) throw error;
  const status = ['BAD_SIGNATURE', 'STALE', 'REPLAY'].includes(error.code) ? 401 : 200;
  return reply.status(status).send({ ok: false, code: error.code, message: error.message });
}

/**
 * Checks every request of the scope: X-Signature over method, path, timestamp, nonce, request id
 * and the raw body; a timestamp within ±300 s; a nonce not seen in the last 600 s.
 */
export function requireSignature(app: FastifyInstance, opts: { secret: string; now: () => number }) {
  const nonces = new Map<string, number>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('preHandler', async (request: PartnerRequest, reply) => {
    const h = request.headers as Record<string, string | undefined>;
    const raw = typeof request.body === 'string' ? request.body : '';
    const [timestamp, nonce, requestId, partnerId, signature] = [
      h['x-timestamp'],
      h['x-nonce'],
      h['x-request-id'],
      h['x-partner-id'],
      h['x-signature'],
    ];
    if (!timestamp || !nonce || !requestId || !partnerId || !signature)
      return refuse(reply, new GameError('BAD_SIGNATURE', '缺少签名信息'));
    const path = request.url.split('?')[0] ?? '';
    const expected = partnerSignature(opts.secret, request.method, path, timestamp, nonce, requestId, raw);
    if (!signatureMatches(expected, signature)) return refuse(reply, new GameError('BAD_SIGNATURE', '签名错误'));
    const t = opts.now();
    if (!/^\d+$/.test(timestamp) || Math.abs(t / 1000 - Number(timestamp)) > TIMESTAMP_WINDOW_S)
      return refuse(reply, new GameError('STALE', '请求时间戳已过期'));
    // Kept in the order they came, each for the same time: the expired ones are the first (no full scan per request).
    for (const [n, expires] of nonces) {
      if (expires >= t) break;
      nonces.delete(n);
    }
    if (nonces.has(nonce)) return refuse(reply, new GameError('REPLAY', '重复的请求（nonce 已使用）'));
    nonces.set(nonce, t + NONCE_MEMORY_MS);
    try {
      request.partnerBody = raw ? JSON.parse(raw) : {};
    } catch {
      return refuse(reply, new GameError('BAD_REQUEST', '请求体不是合法的 JSON'));
    }
  });
}

/** A read call: validates the body and answers `{ok: true, data}`. */
export const readCall =
  <S extends z.ZodType>(schema: S, fn: (input: z.output<S>) => unknown) =>
  async (request: PartnerRequest, reply: FastifyReply) => {
    try {
      return { ok: true, data: fn(schema.parse(request.partnerBody)) };
    } catch (error) {
      return refuse(reply, error);
    }
  };

/**
 * A change: runs once per (X-Partner-Id, X-Request-Id) inside one store change; the same id with
 * the same body answers the stored answer, with another body it is refused. Refusals are not stored.
 */
export const changeCall =
  <S extends z.ZodType>(store: Store, now: () => number, schema: S, fn: (w: World, input: z.output<S>) => unknown) =>
  async (request: PartnerRequest, reply: FastifyReply) => {
    try {
      const input = schema.parse(request.partnerBody);
      const key = `${request.headers['x-partner-id']}:${request.headers['x-request-id']}`;
      const bodyHash = sha256Hex(`${request.url.split('?')[0]}\n${String(request.body ?? '')}`);
      const data = await store.change((w) => {
        const seen = w.requests[key];
        if (seen) {
          if (seen.bodyHash !== bodyHash) throw new GameError('IDEMPOTENCY_CONFLICT', '请求号已用于其他请求');
          return seen.answer;
        }
        const answer = fn(w, input);
        w.requests[key] = { bodyHash, answer, at: now() };
        return answer;
      });
      return { ok: true, data };
    } catch (error) {
      return refuse(reply, error);
    }
  };
