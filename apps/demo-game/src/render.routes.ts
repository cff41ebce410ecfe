import type { FastifyInstance } from 'fastify';
import { type GameProfile, gameIconSvg, LEGEND } from './profiles';
import { isScreenshotKind, renderRoleSvg } from './render-svg';
import type { Store } from './store';
import { findRole, serverOf } from './world';

/** Live screenshots of a role (`/render/role/:roleId/:kind.svg`) and the game's icon. */
export async function renderRoutes(app: FastifyInstance, opts: { store: Store; profile?: GameProfile }): Promise<void> {
  app.get<{ Params: { roleId: string; file: string } }>('/render/role/:roleId/:file', async (request, reply) => {
    const kind = request.params.file.replace(/\.svg$/, '');
    const w = opts.store.read();
    const role = w.roles.find((r) => r.id === request.params.roleId);
    if (!isScreenshotKind(kind) || !role)
      return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: '角色或截图类型不存在' });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'no-cache')
      .send(renderRoleSvg(findRole(w, role.id), kind, serverOf(w, role.serverId).name));
  });
  const icon = gameIconSvg(opts.profile ?? LEGEND);
  app.get('/render/icon.svg', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon),
  );
}
