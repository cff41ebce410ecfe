import { h5sdkPhoneLogin } from '@app/protocol/calls/game';
import { logout, phoneLogin } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { revokeSession } from '../../platform/auth/sessions';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { seenFrom } from '../../platform/http/seen-from';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { linkGameAccountByPhone } from './game-link';
import { recordConsent } from './help-content';
import type { RemovalChecks } from './removal-checks';
import { findOrCreateUserByMobile } from './user.service';
import { startSession } from './user-ban';

export function loginRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: SmsDeps & { sessionTtlDays: number; removalChecks: RemovalChecks },
): void {
  registerCall(app, platform, phoneLogin, async (input, ctx) => {
    await consumeCode(deps, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    const user = await findOrCreateUserByMobile(platform.db, input.phone);
    // The login page submits only with the agreements ticked: their versions of now are what he agreed to.
    await recordConsent(platform.db, user.id);
    const token = await startSession(platform.db, user.id, ctx.source, deps.sessionTtlDays, seenFrom(ctx.request));
    return { token, mobile: input.phone, uid: user.uid, isGrayEnv: ctx.gray };
  });

  // Inside the game: the phone's code proves the phone, the game token the game account; the game
  // account links to the phone's account (game-link.ts), and the session is that account's. A game
  // login without a phone leaves the user it made behind only when that one holds nothing (the
  // checks an account's closing runs).
  registerCall(app, platform, h5sdkPhoneLogin, async (input, ctx) => {
    await consumeCode(deps, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    const user = await linkGameAccountByPhone(
      platform.db,
      { gameId: ctx.player.gameId, accountId: ctx.player.accountId, phone: input.phone },
      deps.removalChecks,
    );
    await recordConsent(platform.db, user.id);
    const token = await startSession(platform.db, user.id, ctx.source, deps.sessionTtlDays, seenFrom(ctx.request));
    return { token, mobile: input.phone, uid: user.uid, isGrayEnv: ctx.gray };
  });

  registerCall(app, platform, logout, async (_input, ctx) => {
    await revokeSession(platform.db, ctx.user.token);
    return { loggedOut: true as const };
  });
}
