import {
  checkGameTokenOnline,
  gameLogin,
  gameTokenLogin,
  h5sdkPhoneLogin,
  h5sdkSendSms,
  serverList,
} from '@app/protocol/calls/game';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../../platform/auth/sessions';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { consumeCode, SMS_LIMITS, type SmsDeps, sendCode } from '../sms/sms.service';
import { recordGameLogin } from '../user/game-accounts';
import { findOrCreateUserByIdentity, findOrCreateUserByMobile, linkIdentity } from '../user/user.service';
import type { GameGateway } from './game-gateway';

/** Login from inside a game, the online check and the server list, all through the gateway. */
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

  registerCall(app, platform, h5sdkPhoneLogin, async (input, ctx) => {
    const { player } = ctx;
    await consumeCode(sms, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    const user = await findOrCreateUserByMobile(platform.db, input.phone);
    await linkIdentity(platform.db, `game:${player.gameId}`, player.accountId, user.id);
    const token = await issueSession(platform.db, user.id, ctx.source, sessionTtlDays);
    return { token, mobile: input.phone, uid: user.uid, isGrayEnv: ctx.gray };
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
    const token = await issueSession(platform.db, user.id, ctx.source, sessionTtlDays);
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
