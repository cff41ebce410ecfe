import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { TRACKING_LIMITS, trackingBatchSchema, trackingEventSchema, trackingSign } from '@app/protocol/tracking';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NonceStore } from '../../platform/codec/nonce-store';
import type { Db } from '../../platform/db/database';
import { hasControlChars } from '../../platform/http/register-call';
import { metricsOf } from '../../platform/metrics/metrics';
import { trackingWriter } from './tracking-writer';

const WINDOW_SECONDS = 300;
const refused = { code: ErrorCode.BAD_ENVELOPE, msg: '请求无效，请刷新页面后重试', data: null };
const badParams = { code: ErrorCode.BAD_PARAMS, msg: '参数错误', data: null };

const oneEventSchema = trackingEventSchema.transform((e) => [e]);

/** Why a post was refused (the label of tracking_refused_total). */
type Refusal = 'signature' | 'window' | 'replay' | 'body' | 'params';

/**
 * The statistics service of PROTOCOL.md in the same process: MD5-signed plain JSON, the same
 * 300 s window and nonce rule as the exchange, one event or a batch.
 */
export async function trackingRoutes(
  app: FastifyInstance,
  opts: { db: Db; nonces: NonceStore; secrets: Record<string, string> },
): Promise<void> {
  const refusals = metricsOf(app).counter({
    name: 'tracking_refused_total',
    help: 'Statistics posts (/v1/event, /v1/events) refused, by reason; none of their events is stored',
    labelNames: ['reason'] as const,
  });
  for (const reason of ['signature', 'window', 'replay', 'body', 'params'] satisfies Refusal[])
    refusals.inc({ reason }, 0);
  const write = trackingWriter(opts.db);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: TRACKING_LIMITS.bodyBytes },
      (_req, body, done) => done(null, body),
    );
    const accept = async (request: FastifyRequest, reply: FastifyReply, batch: boolean) => {
      const h = request.headers as Record<string, string | undefined>;
      const appid = h.appid ?? '';
      const secret = opts.secrets[appid];
      const raw = String(request.body ?? '');
      const ts = Number(h.timestamp);
      const expected = secret ? trackingSign(appid, String(h.nonce), String(h.timestamp), raw, secret) : '';
      const given = String(h.sign ?? '');
      const signed =
        expected.length === given.length &&
        expected.length > 0 &&
        timingSafeEqual(Buffer.from(expected), Buffer.from(given));
      const refuse = (reason: Refusal) => {
        refusals.inc({ reason });
        return reply.send(reason === 'params' ? badParams : refused);
      };
      if (!signed || h.algo?.toUpperCase() !== 'MD5') return refuse('signature');
      if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > WINDOW_SECONDS) return refuse('window');
      if (!(await opts.nonces.claim(`tracking:${h.nonce}`, WINDOW_SECONDS * 2))) return refuse('replay');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return refuse('body');
      }
      const events = batch ? trackingBatchSchema.safeParse(parsed) : oneEventSchema.safeParse(parsed);
      if (!events.success || hasControlChars(events.data)) return refuse('params');
      await write(appid, events.data);
      return reply.send({ code: ErrorCode.OK, msg: 'success', data: { accepted: events.data.length } });
    };
    scope.post('/v1/event', (request, reply) => accept(request, reply, false));
    scope.post('/v1/events', (request, reply) => accept(request, reply, true));
  });
}
