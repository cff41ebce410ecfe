import { KEY_CALLBACK_PATH, SCREENSHOT_CALLBACK_PATH } from '@app/game-partner/partner-callbacks';
import { partnerSignature, signatureMatches } from '@app/game-partner/partner-signing';
import { normalizeJyhKey } from '@app/protocol/consignment-key';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { GameGateway } from '../games/game-gateway';
import { type ConsignmentDb, consignmentDb } from './consignment.tables';
import { refreshListingImages } from './listing.service';

const screenshotsSchema = z
  .array(z.object({ kind: z.enum(['equipment', 'bag', 'warehouse', 'skills']), url: z.string().min(1).max(500) }))
  .max(8)
  .default([]);
const uploadSchema = z.object({
  accountId: z.string().min(1),
  serverId: z.string().min(1),
  roleId: z.string().min(1),
  takenAt: z.number().int(),
  screenshots: screenshotsSchema,
});
const keySchema = z.object({
  key: z.string().min(4).max(32),
  prePublishLockId: z.string().min(8).max(64),
  accountId: z.string().min(1),
  serverId: z.string().min(1),
  roleId: z.string().min(1),
  expiresAt: z.number().int(),
  screenshots: screenshotsSchema,
});

/** The latest screenshot of each kind of a role (what a listing of it shows). */
async function keepScreenshots(
  db: ConsignmentDb,
  gameId: string,
  roleId: string,
  shots: z.infer<typeof screenshotsSchema>,
) {
  for (const shot of shots) {
    await db
      .insertInto('role_screenshots')
      .values({ game_id: gameId, role_id: roleId, kind: shot.kind, url: shot.url })
      .onConflict((oc) =>
        oc.columns(['game_id', 'role_id', 'kind']).doUpdateSet({ url: shot.url, updated_at: new Date() }),
      )
      .execute();
  }
}

/**
 * Game → exchange (docs/game-partner-api.md): a game announces a consignment key, or uploads a role's screenshots. Signed with the
 * game's secret like the partner API; X-Partner-Id is the game id. Repeating it changes nothing.
 */
export async function partnerCallbackRoutes(
  app: FastifyInstance,
  opts: { db: Db; gateway: GameGateway },
): Promise<void> {
  const db = consignmentDb(opts.db);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const verified = (request: FastifyRequest): boolean => {
      const h = request.headers as Record<string, string | undefined>;
      const gameId = h['x-partner-id'] ?? '';
      const ts = Number(h['x-timestamp']);
      if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return false;
      try {
        return opts.gateway.verifyCallback(gameId, (secret) =>
          signatureMatches(
            partnerSignature(
              secret,
              'POST',
              request.url.split('?')[0] ?? '',
              String(h['x-timestamp']),
              String(h['x-nonce']),
              String(h['x-request-id']),
              String(request.body ?? ''),
            ),
            String(h['x-signature'] ?? ''),
          ),
        );
      } catch {
        return false;
      }
    };
    scope.post(KEY_CALLBACK_PATH, async (request, reply) => {
      if (!verified(request)) return reply.send({ ok: false, code: 'BAD_SIGNATURE', message: '签名错误' });
      const body = keySchema.safeParse(JSON.parse(String(request.body || '{}')));
      if (!body.success) return reply.send({ ok: false, code: 'BAD_REQUEST', message: '参数错误' });
      const k = body.data;
      await db
        .insertInto('consignment_keys')
        .values({
          jyh_key: normalizeJyhKey(k.key),
          pre_publish_lock_id: k.prePublishLockId,
          game_id: String(request.headers['x-partner-id']),
          account_id: k.accountId,
          server_id: k.serverId,
          role_id: k.roleId,
          expires_at: new Date(k.expiresAt),
        })
        .onConflict((oc) => oc.column('jyh_key').doNothing())
        .execute();
      await keepScreenshots(db, String(request.headers['x-partner-id']), k.roleId, k.screenshots);
      return { ok: true, data: { accepted: true } };
    });
    scope.post(SCREENSHOT_CALLBACK_PATH, async (request, reply) => {
      if (!verified(request)) return reply.send({ ok: false, code: 'BAD_SIGNATURE', message: '签名错误' });
      const body = uploadSchema.safeParse(JSON.parse(String(request.body || '{}')));
      if (!body.success) return reply.send({ ok: false, code: 'BAD_REQUEST', message: '参数错误' });
      const gameId = String(request.headers['x-partner-id']);
      await keepScreenshots(db, gameId, body.data.roleId, body.data.screenshots);
      await refreshListingImages(opts.db, gameId, body.data.roleId);
      return { ok: true, data: { accepted: body.data.screenshots.length } };
    });
  });
}
