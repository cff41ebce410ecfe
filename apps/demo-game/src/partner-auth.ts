import { partnerSignature, sha256Hex, signatureMatches } from '@app/game-partner/partner-signing';
import { z } from 'zod';
import { GameError } from './game-error';
import type { World } from './model';
import type { Store } from './store';

const TIMESTAMP_WINDOW_S = 300;
const NONCE_MEMORY_MS = 600_000;

/** One partner request as it came, whatever carried it (HTTP, or the embedding process). */
export interface PartnerCall {
  method: string;
  /** The full path the caller signed, e.g. /demo-game/partner/v1/roles. */
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body (the signature covers it). */
  body: string;
}

export type PartnerBody = { ok: true; data: unknown } | { ok: false; code: string; message: string };

/** The answer: 401 for the signature, time and nonce checks, 404 for no such call, else 200. */
export interface PartnerAnswer {
  status: number;
  body: PartnerBody;
}

/** What a call does with its parsed body: the answer's data, or a GameError / ZodError thrown. */
type Handler = (input: unknown, call: PartnerCall) => Promise<unknown> | unknown;

/** Answers a refusal as `{ok: false, code, message}` (401 for the signature, time and nonce checks). */
function refusal(error: unknown): PartnerAnswer {
  if (error instanceof z.ZodError)
    return { status: 200, body: { ok: false, code: 'BAD_REQUEST', message: error.issues[0]?.message ?? '参数错误' } };
  if (!(error instanceof GameError)) throw error;
  const status = ['BAD_SIGNATURE', 'STALE', 'REPLAY'].includes(error.code) ? 401 : 200;
  return { status, body: { ok: false, code: error.code, message: error.message } };
}

const header = (call: PartnerCall, name: string) => {
  const value = call.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The partner API's calls under `base` (e.g. /demo-game/partner/v1), each request checked first:
 * X-Signature over method, path, timestamp, nonce, request id and the raw body; a timestamp within
 * ±300 s; a nonce not seen in the last 600 s. HTTP routes (partner.routes.ts) and the embedding
 * process's own transport both answer through `dispatch`, so every check is the same for both.
 */
export function partnerApi(opts: { secret: string; now: () => number; base: string }) {
  const nonces = new Map<string, number>();
  const handlers = new Map<string, Handler>();

  function check(call: PartnerCall): GameError | undefined {
    const [timestamp, nonce, requestId, partnerId, signature] = [
      header(call, 'x-timestamp'),
      header(call, 'x-nonce'),
      header(call, 'x-request-id'),
      header(call, 'x-partner-id'),
      header(call, 'x-signature'),
    ];
    if (!timestamp || !nonce || !requestId || !partnerId || !signature)
      return new GameError('BAD_SIGNATURE', '缺少签名信息');
    const expected = partnerSignature(opts.secret, call.method, call.path, timestamp, nonce, requestId, call.body);
    if (!signatureMatches(expected, signature)) return new GameError('BAD_SIGNATURE', '签名错误');
    const t = opts.now();
    if (!/^\d+$/.test(timestamp) || Math.abs(t / 1000 - Number(timestamp)) > TIMESTAMP_WINDOW_S)
      return new GameError('STALE', '请求时间戳已过期');
    // Kept in the order they came, each for the same time: the expired ones are the first (no full scan per request).
    for (const [n, expires] of nonces) {
      if (expires >= t) break;
      nonces.delete(n);
    }
    if (nonces.has(nonce)) return new GameError('REPLAY', '重复的请求（nonce 已使用）');
    nonces.set(nonce, t + NONCE_MEMORY_MS);
    return undefined;
  }

  return {
    /** The calls' paths under the base, for the HTTP routes. */
    paths: () => [...handlers.keys()],
    add(path: string, handler: Handler): void {
      handlers.set(path, handler);
    },
    async dispatch(asked: PartnerCall): Promise<PartnerAnswer> {
      // The signature and the idempotency key cover the path without its query.
      const call = { ...asked, path: asked.path.split('?')[0] ?? '' };
      const handler = call.path.startsWith(opts.base) ? handlers.get(call.path.slice(opts.base.length)) : undefined;
      if (!handler || call.method.toUpperCase() !== 'POST')
        return { status: 404, body: { ok: false, code: 'NOT_FOUND', message: '没有这个接口' } };
      const refused = check(call);
      if (refused) return refusal(refused);
      let input: unknown;
      try {
        input = call.body ? JSON.parse(call.body) : {};
      } catch {
        return refusal(new GameError('BAD_REQUEST', '请求体不是合法的 JSON'));
      }
      try {
        return { status: 200, body: { ok: true, data: await handler(input, call) } };
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
export type PartnerApi = ReturnType<typeof partnerApi>;
export type PartnerDispatch = PartnerApi['dispatch'];

/** A read call: validates the body and answers its data. */
export const readCall =
  <S extends z.ZodType>(schema: S, fn: (input: z.output<S>) => unknown): Handler =>
  (input) =>
    fn(schema.parse(input));

/**
 * A change: runs once per (X-Partner-Id, X-Request-Id) inside one store change; the same id with
 * the same body answers the stored answer, with another body it is refused. Refusals are not stored.
 */
export const changeCall =
  <S extends z.ZodType>(
    store: Store,
    now: () => number,
    schema: S,
    fn: (w: World, input: z.output<S>) => unknown,
  ): Handler =>
  async (body, call) => {
    const input = schema.parse(body);
    const key = `${header(call, 'x-partner-id')}:${header(call, 'x-request-id')}`;
    const bodyHash = sha256Hex(`${call.path}\n${call.body}`);
    return store.change((w) => {
      const seen = w.requests[key];
      if (seen) {
        if (seen.bodyHash !== bodyHash) throw new GameError('IDEMPOTENCY_CONFLICT', '请求号已用于其他请求');
        return seen.answer;
      }
      const answer = fn(w, input);
      w.requests[key] = { bodyHash, answer, at: now() };
      return answer;
    });
  };
