import { bindPhone, checkBindPhone, checkRemoveAccount, removeAccount } from '@app/protocol/calls/user';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { bindMobile, eraseAccount, maskMobile, type RemovalCheck } from './user.service';

/**
 * Binding check and account closing. Modules that hold something of the user's (listings,
 * orders, balance) add a RemovalCheck, so an account is never closed with money or goods in flight.
 */
export function accountRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  sms: SmsDeps,
  removalChecks: RemovalCheck[],
): void {
  const { db } = platform;
  const mobileOf = async (userId: number) =>
    (await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile;

  registerCall(app, platform, checkBindPhone, async (_i, ctx) => {
    const mobile = await mobileOf(ctx.user.userId);
    return { bound: Boolean(mobile), mobile: maskMobile(mobile) };
  });

  registerCall(app, platform, bindPhone, async (input, ctx) => {
    await consumeCode(sms, { phone: input.phone, smsType: 'phoneLogin', code: input.code });
    await bindMobile(db, ctx.user.userId, input.phone);
    return { token: ctx.user.token, mobile: input.phone, uid: ctx.user.uid, isGrayEnv: ctx.gray };
  });

  const reasonsOf = async (userId: number) =>
    (await Promise.all(removalChecks.map((check) => check(userId)))).filter((r): r is string => Boolean(r));

  registerCall(app, platform, checkRemoveAccount, async (_i, ctx) => {
    const reasons = await reasonsOf(ctx.user.userId);
    return { removable: reasons.length === 0, reasons };
  });

  registerCall(app, platform, removeAccount, async (input, ctx) => {
    const mobile = await mobileOf(ctx.user.userId);
    if (!mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
    const reasons = await reasonsOf(ctx.user.userId);
    if (reasons.length > 0) throw new AppError(ErrorCode.BAD_PARAMS, reasons[0]);
    await consumeCode(sms, { phone: mobile, smsType: 'verifyCode', code: input.code });
    await eraseAccount(db, ctx.user.userId);
    return { removed: true as const };
  });
}
