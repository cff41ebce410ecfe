import { checkGameTokenOnline, gameLogin, gameTokenLogin, h5sdkSendSms, serverList } from '@app/protocol/calls/game';
import type { FastifyInstance } from 'fastify';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { seenFrom } from '../../platform/http/seen-from';
import { SMS_LIMITS, type SmsDeps, sendCode } from '../sms/sms.service';
import { recordGameLogin } from '../user/game-accounts';
import { findOrCreateUserByIdentity } from '../user/user.service';
import { startSession } from '../user/user-ban';
import type { GameGateway } from './game-gateway';

/**
 * Login from inside a game, the online check and the server list, all through the gateway. The
 * phone login that links the game account (h5sdkPhoneLogin) is the user module's (login.routes.ts).
 */
export function gameLoginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  sessionTtlDays: number,
  sms: SmsDeps,
): void {
  registerCall(app, platform, h5sdkSendSms, async (input, ctx) => {
    await sendCode(sms, { phone: input.phone, smsType: 'phoneLogin', address: ctx.request.ip });
    return { sent: true as const, cooldownSeconds: SMS_LIMITS.cooldownSeconds };
  });

  const loginByGameToken = async (input: { roleName?: string | undefined }, ctx: CallContext<'pt'>) => {
    const { player } = ctx;
    const user = await findOrCreateUserByIdentity(
      platform.db,
      `game:${player.gameId}`,
      player.accountId,
      input.roleName ?? null,
    );
    await recordGameLogin(platform.db, player.gameId, player.accountId, input.roleName ?? null);
    const token = await startSession(platform.db, user.id, ctx.source, sessionTtlDays, seenFrom(ctx.request));
    return { token, mobile: user.mobile ?? '', uid: user.uid, isGrayEnv: ctx.gray };
  };
  registerCall(app, platform, gameTokenLogin, loginByGameToken);
  registerCall(app, platform, gameLogin, loginByGameToken);

  registerCall(app, platform, checkGameTokenOnline, (_input, ctx) => ({
    online: ctx.player.online,
    roleId: ctx.player.roleId,
  }));

  registerCall(app, platform, serverList, async (_input, ctx) => {
    const { servers } = await gateway.servers(ctx.appId);
    return { list: servers.map((s) => ({ serverId: s.id, serverName: s.name, masterServerId: s.masterServerId })) };
  });
}
