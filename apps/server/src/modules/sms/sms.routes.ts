import { sendSms } from '@app/protocol/calls/user';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { SMS_LIMITS, type SmsDeps, sendCode } from './sms.service';

export function smsRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: SmsDeps,
  /** The user's bound phone (the user module's), null when none is bound. */
  phoneOf: (userId: number) => Promise<string | null>,
): void {
  registerCall(app, platform, sendSms, async (input, ctx) => {
    let phone: string;
    if (input.smsType === 'phoneLogin') phone = input.phone;
    else {
      if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
      const mobile = await phoneOf(ctx.user.userId);
      if (!mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
      phone = mobile;
    }
    await sendCode(deps, { phone, smsType: input.smsType, address: ctx.request.ip });
    return { sent: true as const, cooldownSeconds: SMS_LIMITS.cooldownSeconds };
  });
}
