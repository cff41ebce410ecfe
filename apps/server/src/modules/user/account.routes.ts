import { bindPhone, checkBindPhone, checkRemoveAccount, removeAccount } from '@app/protocol/calls/user';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { recordConsent } from './help-content';
import type { RemovalChecks } from './removal-checks';
import { bindMobile, eraseAccount, maskMobile } from './user.service';
import { userDb } from './user.tables';

/**
 * Binding check and account closing. Every module that can hold something of the user's (money,
 * goods, a bid, a listing, a payout) registered its own check (removal-checks.ts), so an account is
 * never closed with money or goods in flight.
 */
export function accountRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  sms: SmsDeps,
  removalChecks: RemovalChecks,
): void {
  const { db } = platform;
  const mobileOf = async (userId: number) =>
    (await userDb(db).selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile;

  registerCall(app, platform, checkBindPhone, async (_i, ctx) => {
    const mobile = await mobileOf(ctx.user.userId);
    return { bound: Boolean(mobile), mobile: maskMobile(mobile) };
  });

  registerCall(app, platform, bindPhone, async (input, ctx) => {
    await consumeCode(sms, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    await bindMobile(db, ctx.user.userId, input.phone);
    // The binding page submits only with the agreements ticked.
    await recordConsent(db, ctx.user.userId);
    return { token: ctx.user.token, mobile: input.phone, uid: ctx.user.uid, isGrayEnv: ctx.gray };
  });

  registerCall(app, platform, checkRemoveAccount, async (_i, ctx) => {
    const reasons = await removalChecks.reasons(db, ctx.user.userId);
    return { removable: reasons.length === 0, reasons };
  });

  registerCall(app, platform, removeAccount, async (input, ctx) => {
    const mobile = await mobileOf(ctx.user.userId);
    if (!mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
    const [reason] = await removalChecks.reasons(db, ctx.user.userId);
    if (reason) throw new AppError(ErrorCode.BAD_PARAMS, reason);
    await consumeCode(sms, { phone: mobile, smsType: 'verifyCode', code: input.code });
    // The checks again, under the lock of the user's row, in the transaction that erases it.
    await eraseAccount(db, ctx.user.userId, removalChecks);
    return { removed: true as const };
  });
}
