import { h5sdkSalePreCheck, salePreCheck } from '@app/protocol/calls/exchange-sale';
import { appConsignmentSMSVerifyCode, h5sdkVerifyCode } from '@app/protocol/calls/market';
import { CLIENT_MESSAGES, ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { SmsDeps } from '../sms/sms.service';
import { firstMissingStep, unlockSale } from '../user/sale-lock.service';

export function saleLockRoutes(app: FastifyInstance, platform: CallPlatform, sms: SmsDeps): void {
  /** A wrong or used code answers false ('开锁异常' on the client); limits still answer their codes. */
  const tryUnlock = async (userId: number, code: string) => {
    try {
      await unlockSale(sms, userId, code);
      return true;
    } catch (error) {
      const refused =
        error instanceof AppError &&
        (error.code === ErrorCode.SMS_CODE_WRONG || error.code === ErrorCode.SMS_CODE_EXPIRED);
      if (refused) return false;
      throw error;
    }
  };
  registerCall(app, platform, appConsignmentSMSVerifyCode, (input, ctx) => tryUnlock(ctx.user.userId, input.code));
  registerCall(app, platform, h5sdkVerifyCode, (input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    return tryUnlock(ctx.user.userId, input.code);
  });

  registerCall(app, platform, h5sdkSalePreCheck, async (_input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    const { step, unlockedUntil } = await firstMissingStep(platform.db, ctx.user.userId);
    if (step === 'saleLock') throw new AppError(ErrorCode.SALE_LOCKED);
    if (step === 'ready' && !ctx.player.online) throw new AppError(ErrorCode.BAD_PARAMS, CLIENT_MESSAGES.roleOffline);
    return { step, unlockedUntil: unlockedUntil ? Math.floor(unlockedUntil.getTime() / 1000) : null };
  });

  registerCall(app, platform, salePreCheck, async (_input, ctx) => {
    const { step, unlockedUntil } = await firstMissingStep(platform.db, ctx.user.userId);
    if (step === 'saleLock') throw new AppError(ErrorCode.SALE_LOCKED);
    return { step, unlockedUntil: unlockedUntil ? Math.floor(unlockedUntil.getTime() / 1000) : null };
  });
}
