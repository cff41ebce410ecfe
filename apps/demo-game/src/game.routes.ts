import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Consignment } from './consignment';
import { type FileStore, SAFE_NAME } from './file-store';
import type { Game } from './game.service';
import { GameError } from './game-error';
import { createLoginGuard } from './login-guard';
import type { Store } from './store';
import { findToken, isOnline, loginInfo } from './world';

const credentials = z.object({ account: z.string().min(1, '请输入账号'), password: z.string().min(1, '请输入密码') });
const MAX_FILE_BYTES = 5_000_000;

/** The player's side of the game: the JSON API behind the host page, and the PROTOCOL.md test hook. */
export async function gameRoutes(
  app: FastifyInstance,
  opts: {
    game: Game;
    store: Store;
    files: FileStore;
    consignment: Consignment;
    gameId: string;
    now: () => number;
    /** Where /files/ is reached from the exchange (relative in the embedded default). */
    filesUrl: (request: FastifyRequest) => string;
  },
): Promise<void> {
  const { game, store, gameId, now, consignment } = opts;
  const guard = createLoginGuard(now);
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
  const tokenOf = (request: FastifyRequest) => String(request.headers['x-game-token'] ?? '');
  const body = <S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> =>
    schema.parse(request.body ?? {});

  /**
   * Test hook and host-page login: the account's first role on its first server comes online.
   * Wrong passwords lock the account (and a client address) for a while (login-guard.ts).
   */
  app.post('/api/login', async (request, reply) =>
    answer(reply, async () => {
      const { account, password } = body(credentials, request);
      const { token } = await guard.login(account, request.ip, () => game.login(account, password));
      const w = store.read();
      const first = w.servers.flatMap((s) => w.roles.filter((r) => r.accountId === account && r.serverId === s.id))[0];
      if (!first) return { gameId, gameToken: token, accountId: account, roleId: null };
      const role = await game.selectRole(token, first.id);
      return loginInfo(store.read(), gameId, token, role);
    }),
  );

  /** The exchange's snapshot login: a one-time ticket logs the account in with that role selected. */
  app.post('/api/ticket-login', async (request, reply) =>
    answer(reply, async () => {
      const { ticket } = body(z.object({ ticket: z.string().min(1, '登录凭证无效或已过期') }), request);
      const { token, roleId } = await game.ticketLogin(ticket);
      const role = await game.selectRole(token, roleId);
      return loginInfo(store.read(), gameId, token, role);
    }),
  );

  app.get('/api/me', async (request, reply) =>
    answer(reply, () => {
      const w = store.read();
      const t = findToken(w, tokenOf(request), now());
      const account = w.accounts.find((a) => a.id === t.accountId);
      const roles = w.roles.filter((r) => r.accountId === t.accountId);
      const selected = roles.find((r) => r.id === t.roleId);
      return {
        accountId: t.accountId,
        name: account?.name ?? t.accountId,
        loginCount: account?.loginCount ?? 0,
        servers: w.servers.map((s) => ({ ...s, myRoles: roles.filter((r) => r.serverId === s.id).length })),
        roles: roles.map(({ items: _i, ...r }) => ({ ...r, online: isOnline(r, now()) })),
        selected: selected ? { ...selected, online: isOnline(selected, now()) } : null,
        loginInfo: selected ? loginInfo(w, gameId, t.token, selected) : null,
        key: w.keys.find((k) => k.roleId === t.roleId && k.expiresAt > now()) ?? null,
        now: now(),
      };
    }),
  );
  app.get('/api/servers', async (_request, reply) => answer(reply, () => ({ servers: store.read().servers })));
  app.get<{ Querystring: { serverId?: string } }>('/api/roles', async (request, reply) =>
    answer(reply, () => {
      const w = store.read();
      const t = findToken(w, tokenOf(request), now());
      return {
        roles: w.roles
          .filter(
            (r) => r.accountId === t.accountId && (!request.query.serverId || r.serverId === request.query.serverId),
          )
          .map(({ items: _i, ...r }) => ({ ...r, online: isOnline(r, now()) })),
      };
    }),
  );
  app.post('/api/select-role', async (request, reply) =>
    answer(reply, () => game.selectRole(tokenOf(request), body(z.object({ roleId: z.string() }), request).roleId)),
  );
  app.post('/api/heartbeat', async (request, reply) => answer(reply, () => game.heartbeat(tokenOf(request))));
  /** Also the pagehide beacon: `{token}` in the body, since a beacon cannot send headers. */
  app.post('/api/logout', async (request, reply) =>
    answer(reply, () => {
      const fromBody = body(z.object({ token: z.string().optional() }).passthrough(), request).token;
      return game.logout(tokenOf(request) || (fromBody ?? ''));
    }),
  );
  /** The player's 实名登记 (防沉迷), made once; the exchange later asks only whether it is its verified person. */
  app.post('/api/real-name', async (request, reply) =>
    answer(reply, () => {
      const input = body(
        z.object({
          name: z.string().trim().min(2, '请输入姓名').max(20),
          idCard: z
            .string()
            .trim()
            .regex(/^\d{17}[\dXx]$/, '身份证号格式不正确'),
        }),
        request,
      );
      return game.registerRealName(tokenOf(request), { name: input.name, idCard: input.idCard.toUpperCase() });
    }),
  );
  app.post('/api/safe-zone', async (request, reply) =>
    answer(reply, () =>
      game.setSafeZone(tokenOf(request), body(z.object({ inSafeZone: z.boolean() }), request).inSafeZone),
    ),
  );
  app.post('/api/signature', async (request, reply) =>
    answer(reply, () =>
      game.setSignature(
        tokenOf(request),
        body(z.object({ text: z.string().trim().max(30, '签名最多30个字') }), request).text,
      ),
    ),
  );
  app.post('/api/item', async (request, reply) =>
    answer(reply, () => {
      const input = body(z.object({ itemId: z.string(), action: z.enum(['use', 'move']) }), request);
      return input.action === 'use'
        ? game.useItem(tokenOf(request), input.itemId)
        : game.moveItem(tokenOf(request), input.itemId);
    }),
  );
  app.post('/api/coins/spend', async (request, reply) =>
    answer(reply, () => {
      const input = body(z.object({ coinType: z.string(), amount: z.number() }), request);
      return game.spendCoins(tokenOf(request), input.coinType, input.amount);
    }),
  );
  app.post('/api/consignment-key', async (request, reply) =>
    answer(reply, () => consignment.issueKey(tokenOf(request), opts.filesUrl(request))),
  );
  app.post('/api/consignment-key/release', async (request, reply) =>
    answer(reply, () => game.releaseKey(tokenOf(request))),
  );
  app.post('/api/screenshots', async (request, reply) =>
    answer(reply, () => consignment.refreshScreenshots(tokenOf(request), opts.filesUrl(request))),
  );

  // putFileToAliYun of the host bridge: the game keeps the file and answers its address.
  app.post('/api/files', { bodyLimit: Math.ceil(MAX_FILE_BYTES * 1.4) }, async (request, reply) =>
    answer(reply, async () => {
      findToken(store.read(), tokenOf(request), now());
      const input = body(
        z.object({ name: z.string().regex(SAFE_NAME, '文件名不合法'), contentBase64: z.string().min(1, '文件为空') }),
        request,
      );
      const bytes = Buffer.from(input.contentBase64, 'base64');
      if (bytes.length > MAX_FILE_BYTES) throw new GameError('BAD_REQUEST', '文件过大');
      return { url: `${opts.filesUrl(request)}/${await opts.files.put(input.name, bytes)}` };
    }),
  );
  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const file = await opts.files.get(request.params.id);
    if (!file) return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: '文件不存在' });
    return reply
      .type(file.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });
}
