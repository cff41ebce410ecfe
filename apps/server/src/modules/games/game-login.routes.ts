import { checkGameTokenOnline, gameTokenLogin, serverList } from '@app/protocol/calls/game';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../../platform/auth/sessions';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { findOrCreateUserByIdentity } from '../user/user.service';
import type { GameGateway } from './game-gateway';

/** Login from inside a game, the online check and the server list, all through the gateway. */
export function gameLoginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  sessionTtlDays: number,
): void {
  registerCall(app, platform, gameTokenLogin, async (input, ctx) => {
    const player = ctx.player as NonNullable<typeof ctx.player>;
    const user = await findOrCreateUserByIdentity(
      platform.db,
      `game:${player.gameId}`,
      player.accountId,
      input.roleName ?? null,
    );
    const token = await issueSession(platform.db, user.id, ctx.source, sessionTtlDays);
    return { token, mobile: user.mobile ?? '', uid: user.uid, isGrayEnv: ctx.gray };
  });

  registerCall(app, platform, checkGameTokenOnline, (_input, ctx) => ({
    online: ctx.player?.online ?? false,
    roleId: ctx.player?.roleId ?? null,
  }));

  registerCall(app, platform, serverList, async (_input, ctx) => {
    const { servers } = await gateway.servers(ctx.appId as string);
    return { list: servers.map((s) => ({ serverId: s.id, serverName: s.name, masterServerId: s.masterServerId })) };
  });
}
