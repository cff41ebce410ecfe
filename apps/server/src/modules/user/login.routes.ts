import { logout, phoneLogin } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { issueSession, revokeSession } from '../../platform/auth/sessions';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { findOrCreateUserByMobile } from './user.service';

export function loginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: SmsDeps & { sessionTtlDays: number },
): void {
  registerCall(app, platform, phoneLogin, async (input, ctx) => {
    await consumeCode(deps, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    const user = await findOrCreateUserByMobile(platform.db, input.phone);
    const token = await issueSession(platform.db, user.id, ctx.source, deps.sessionTtlDays);
    return { token, mobile: input.phone, uid: user.uid, isGrayEnv: ctx.gray };
  });

  registerCall(app, platform, logout, async (_input, ctx) => {
    await revokeSession(platform.db, ctx.user.token);
    return { loggedOut: true as const };
  });
}
