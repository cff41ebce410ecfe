import { sendSms } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { SMS_LIMITS, type SmsDeps, sendCode } from './sms.service';

export function smsRoutes(app: FastifyInstance, platform: CallPlatform, deps: SmsDeps): void {
  registerCall(app, platform, sendSms, async (input, ctx) => {
    await sendCode(deps, { phone: input.phone, smsType: input.smsType, address: ctx.request.ip });
    return { sent: true as const, cooldownSeconds: SMS_LIMITS.cooldownSeconds };
  });
}
