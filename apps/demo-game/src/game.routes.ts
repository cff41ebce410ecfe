import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { findToken, type Game, isOnline } from './game.service';
import { GameError } from './game-error';
import type { Store } from './store';

const credentials = z.object({ account: z.string().min(1, '请输入账号'), password: z.string().min(1, '请输入密码') });

/** The player's side of the game: the JSON API behind the host page, and the PROTOCOL.md test hook. */
export async function gameRoutes(
  app: FastifyInstance,
  opts: { game: Game; store: Store; gameId: string; now: () => number },
): Promise<void> {
  const { game, store, gameId, now } = opts;
  const answer = async (reply: FastifyReply, run: () => Promise<unknown> | unknown) => {
    try {
      return { ok: true, data: await run() };
    } catch (error) {
      if (error instanceof GameError) return reply.send({ ok: false, code: error.code, message: error.message });
      if (error instanceof z.ZodError)
        return reply.send({ ok: false, code: 'BAD_REQUEST', message: error.issues[0]?.message ?? '参数错误' });
      throw error;
    }
  };
  const tokenOf = (headers: Record<string, unknown>) => String(headers['x-game-token'] ?? '');

  /** Test hook and host-page login: the account's first role on its first server comes online. */
  app.post('/api/login', async (request, reply) =>
    answer(reply, async () => {
      const { account, password } = credentials.parse(request.body ?? {});
      const { token } = await game.login(account, password);
      const first = store.read().roles.find((r) => r.accountId === account);
      if (!first) return { gameId, gameToken: token, accountId: account, roles: [] };
      const role = await game.selectRole(token, first.id);
      const server = store.read().servers.find((s) => s.id === role.serverId);
      return {
        gameId,
        serverId: role.serverId,
        serverName: server?.name ?? '',
        gameToken: token,
        accountId: account,
        roleId: role.id,
        role: role.name,
        roleLevel: role.level,
        jobId: ['战士', '法师', '道士'].indexOf(role.roleClass) + 1,
        jobName: role.roleClass,
        roleAtt: role.power,
      };
    }),
  );

  app.get('/api/me', async (request, reply) =>
    answer(reply, () => {
      const w = store.read();
      const t = findToken(w, tokenOf(request.headers), now());
      const account = w.accounts.find((a) => a.id === t.accountId);
      return {
        accountId: t.accountId,
        name: account?.name,
        loginCount: account?.loginCount ?? 0,
        servers: w.servers,
        roles: w.roles.filter((r) => r.accountId === t.accountId).map((r) => ({ ...r, online: isOnline(r, now()) })),
        selectedRoleId: t.roleId,
        keys: w.keys.filter((k) => k.roleId === t.roleId && k.expiresAt > now()),
      };
    }),
  );
  app.post('/api/select-role', async (request, reply) =>
    answer(reply, () =>
      game.selectRole(tokenOf(request.headers), z.object({ roleId: z.string() }).parse(request.body).roleId),
    ),
  );
  app.post('/api/heartbeat', async (request, reply) => answer(reply, () => game.heartbeat(tokenOf(request.headers))));
  app.post('/api/logout', async (request, reply) => {
    const body = typeof request.body === 'object' && request.body ? (request.body as { token?: string }) : {};
    return answer(reply, () => game.logout(tokenOf(request.headers) || String(body.token ?? '')));
  });
  app.post('/api/safe-zone', async (request, reply) =>
    answer(reply, () =>
      game.setSafeZone(tokenOf(request.headers), z.object({ inSafeZone: z.boolean() }).parse(request.body).inSafeZone),
    ),
  );
  app.post('/api/item', async (request, reply) =>
    answer(reply, () => {
      const body = z.object({ itemId: z.string(), action: z.enum(['use', 'move']) }).parse(request.body);
      return game.useItem(tokenOf(request.headers), body.itemId, body.action);
    }),
  );
  // putFileToAliYun of the host bridge: the game keeps the file and answers its address.
  const files = new Map<string, { type: string; bytes: Buffer }>();
  app.post('/api/files', { bodyLimit: 7_000_000 }, async (request, reply) =>
    answer(reply, () => {
      findToken(store.read(), tokenOf(request.headers), now());
      const body = z
        .object({
          name: z.string().regex(/^[\w.-]{1,80}$/, '文件名不合法'),
          contentBase64: z.string().max(6_900_000, '文件过大'),
        })
        .parse(request.body);
      const bytes = Buffer.from(body.contentBase64, 'base64');
      const id = `${Date.now().toString(36)}-${body.name}`;
      const ext = body.name.split('.').pop()?.toLowerCase() ?? '';
      files.set(id, {
        type:
          ({ png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml' } as Record<string, string>)[
            ext
          ] ?? 'application/octet-stream',
        bytes,
      });
      return { url: `/demo-game/files/${id}` };
    }),
  );
  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const file = files.get(request.params.id);
    if (!file) return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: '文件不存在' });
    return reply.type(file.type).header('x-content-type-options', 'nosniff').send(file.bytes);
  });

  app.post('/api/consignment-key', async (request, reply) =>
    answer(reply, () => game.issueConsignmentKey(tokenOf(request.headers))),
  );
  app.post('/api/consignment-key/release', async (request, reply) =>
    answer(reply, () => game.releaseConsignmentKey(tokenOf(request.headers))),
  );
}
