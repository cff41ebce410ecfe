import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findRole, isOnline } from './game.service';
import { GameError } from './game-error';
import { type FreezeInput, freeze, transfer, unfreeze, verifyToken } from './partner.service';
import { partnerSignature, sha256Hex, signatureMatches } from './partner-signing';
import type { Store } from './store';

const WINDOW_SECONDS = 300;

const freezeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('role'),
    listingId: z.string().min(1),
    roleId: z.string().min(1),
    prePublishLockId: z.string().optional(),
  }),
  z.object({
    kind: z.literal('coins'),
    listingId: z.string().min(1),
    roleId: z.string().min(1),
    coinType: z.string().min(1),
    amount: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('items'),
    listingId: z.string().min(1),
    roleId: z.string().min(1),
    itemIds: z.array(z.string()).min(1).max(50),
  }),
]);
const listingRef = z.object({ listingId: z.string().min(1), roleId: z.string().min(1) });
const transferSchema = listingRef.extend({ buyerAccountId: z.string().min(1), buyerRoleId: z.string().optional() });

/**
 * The game partner API (docs/game-partner-api.md): every request signed by the partner's
 * secret, within ±300 s, with a fresh nonce; changes idempotent by X-Request-Id.
 */
export async function partnerRoutes(
  app: FastifyInstance,
  opts: { store: Store; secret: string; now: () => number },
): Promise<void> {
  const { store, now } = opts;
  const nonces = new Map<string, number>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof GameError)
      return reply.status(200).send({ ok: false, code: error.code, message: error.message });
    if (error instanceof z.ZodError)
      return reply
        .status(200)
        .send({ ok: false, code: 'BAD_REQUEST', message: error.issues[0]?.message ?? '参数错误' });
    throw error;
  };

  app.addHook('preHandler', async (request: FastifyRequest, reply) => {
    const h = request.headers as Record<string, string | undefined>;
    const raw = typeof request.body === 'string' ? request.body : '';
    const ts = Number(h['x-timestamp']);
    const path = request.url.split('?')[0] ?? '';
    const expected = partnerSignature(
      opts.secret,
      request.method,
      path,
      String(h['x-timestamp']),
      String(h['x-nonce']),
      String(h['x-request-id']),
      raw,
    );
    if (!h['x-signature'] || !h['x-nonce'] || !h['x-request-id'] || !signatureMatches(expected, h['x-signature'])) {
      return fail(reply, new GameError('BAD_SIGNATURE', '签名错误'));
    }
    if (!Number.isFinite(ts) || Math.abs(now() / 1000 - ts) > WINDOW_SECONDS)
      return fail(reply, new GameError('STALE', '请求已过期'));
    const t = now();
    for (const [n, exp] of nonces) if (exp < t) nonces.delete(n);
    if (nonces.has(h['x-nonce'])) return fail(reply, new GameError('REPLAY', '重复的请求'));
    nonces.set(h['x-nonce'], t + WINDOW_SECONDS * 2000);
    (request as FastifyRequest & { json: unknown }).json = raw ? JSON.parse(raw) : {};
  });

  const read =
    <S extends z.ZodType>(schema: S, fn: (input: z.output<S>) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return { ok: true, data: fn(schema.parse((request as FastifyRequest & { json: unknown }).json)) };
      } catch (error) {
        return fail(reply, error);
      }
    };

  /** A change: run once per X-Request-Id; the same id with another body is refused. */
  const change =
    <S extends z.ZodType>(
      schema: S,
      fn: (w: Parameters<Parameters<Store['change']>[0]>[0], input: z.output<S>) => unknown,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const input = schema.parse((request as FastifyRequest & { json: unknown }).json);
        const requestId = String(request.headers['x-request-id']);
        const bodyHash = sha256Hex(String(request.body ?? ''));
        const data = await store.change((w) => {
          const seen = w.requests[requestId];
          if (seen) {
            if (seen.bodyHash !== bodyHash) throw new GameError('IDEMPOTENCY_CONFLICT', '请求号已用于其他请求');
            return seen.answer;
          }
          const answer = fn(w, input);
          w.requests[requestId] = { bodyHash, answer };
          return answer;
        });
        return { ok: true, data };
      } catch (error) {
        return fail(reply, error);
      }
    };

  const w = () => store.read();
  app.post(
    '/token/verify',
    read(z.object({ gameToken: z.string().min(1) }), (i) => verifyToken(w(), i.gameToken, now())),
  );
  app.post(
    '/role/online',
    read(z.object({ roleId: z.string() }), (i) => ({ online: isOnline(findRole(w(), i.roleId), now()) })),
  );
  app.post(
    '/servers',
    read(z.object({}), () => ({ servers: w().servers })),
  );
  app.post(
    '/roles',
    read(z.object({ accountId: z.string(), serverId: z.string().optional() }), (i) => ({
      roles: w()
        .roles.filter((r) => r.accountId === i.accountId && (!i.serverId || r.serverId === i.serverId))
        .map(({ items: _i, frozenCoins: _f, ...r }) => r),
    })),
  );
  app.post(
    '/role/snapshot',
    read(z.object({ roleId: z.string() }), (i) => {
      const role = findRole(w(), i.roleId);
      const summary = (place: string) =>
        role.items.filter((it) => it.place === place).map(({ id, name, subType }) => ({ id, name, subType }));
      return {
        roleId: role.id,
        name: role.name,
        jobName: role.roleClass,
        level: role.level,
        roleAtt: role.power,
        createTime: Math.floor(role.createdAt / 1000),
        recharge: role.recharge,
        serverId: role.serverId,
        equipment: summary('equipment'),
        bag: summary('bag'),
        warehouse: summary('warehouse'),
      };
    }),
  );
  app.post(
    '/coins',
    read(z.object({ roleId: z.string() }), (i) => {
      const role = findRole(w(), i.roleId);
      const frozen = (type: string) =>
        Object.values(role.frozenCoins)
          .filter((f) => f.coinType === type)
          .reduce((n, f) => n + f.amount, 0);
      return {
        coins: Object.entries(role.coins).map(([coinType, total]) => ({
          coinType,
          total,
          available: total - frozen(coinType),
        })),
      };
    }),
  );
  app.post(
    '/items',
    read(z.object({ roleId: z.string() }), (i) => ({
      items: findRole(w(), i.roleId).items.map((it) => ({ ...it, frozen: Boolean(it.frozenBy) })),
    })),
  );
  app.post(
    '/freeze',
    change(freezeSchema, (world, input) => freeze(world, input as FreezeInput, now())),
  );
  app.post(
    '/unfreeze',
    change(listingRef, (world, input) => unfreeze(world, input)),
  );
  app.post(
    '/transfer',
    change(transferSchema, (world, input) => transfer(world, input, now())),
  );
}
