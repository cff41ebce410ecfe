import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import type { CallPlatform } from '../../platform/http/register-call';
import { ensureSecret } from '../../platform/secrets';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { payPasswordRoutes } from './pay-password.routes';
import {
  erasePayPassword,
  recordSecurityChange,
  requirePayPassword,
  securityChangedAt,
  storePin,
  withdrawalHeldUntil,
} from './pay-password.service';
import type { SecurityChangeKind } from './pay-password.tables';

/** What the payments and withdrawal modules ask (docs/decisions/0052-wallet-statement-and-pay-password.md). */
export interface PayPasswordHandle {
  /** Throws AppError 10002 (支付密码错误，还可尝试N次 / 已锁定 / 请先设置支付密码) unless the pin is right; counts in its own transaction. */
  requirePayPassword: (userId: number, pin: string | undefined) => Promise<void>;
  /** When the user's security last changed (password reset, phone rebound, payout account changed). */
  securityChangedAt: (userId: number) => Promise<Date | null>;
  /** Until when withdrawals wait after it (SECURITY_HOLD_HOURS), or null. */
  withdrawalHeldUntil: (userId: number) => Promise<Date | null>;
  /** Records a security change in the caller's transaction (the payout account changed). */
  recordSecurityChange: (trx: DbHandle, userId: number, kind: SecurityChangeKind) => Promise<void>;
  /** Sets a pin without the SMS code: only the test hooks call it (the dev module, never in production). */
  setWithoutCode: (userId: number, pin: string) => Promise<void>;
  /** Erases the payment password of a closing account (the user module's removal closer, registered at composition). */
  erase: (trx: DbHandle, userId: number) => Promise<void>;
}

/** 支付密码: its calls, and the handle above. */
export async function payPasswordModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    sms: SmsDeps;
    config: Pick<Config, 'PAY_PASSWORD_SECRET'>;
    production: boolean;
    /** The user module's bound phone of a user. */
    phoneOf: (userId: number) => Promise<string | null>;
    /** The identity module's comparison of a name and an ID number with the verified ones. */
    identityIs: (userId: number, realName: string, idCard: string) => Promise<boolean>;
  },
): Promise<PayPasswordHandle> {
  const { db } = deps.platform;
  const pepper = await ensureSecret(db, 'payPasswordPepper', deps.config.PAY_PASSWORD_SECRET, {
    production: deps.production,
    variable: 'PAY_PASSWORD_SECRET',
  });
  const service = {
    db,
    pepper,
    identityIs: deps.identityIs,
    consumePhoneCode: async (userId: number, code: string) => {
      const phone = await deps.phoneOf(userId);
      if (!phone) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
      await consumeCode(deps.sms, { phone, smsType: 'verifyCode', code });
    },
  };
  payPasswordRoutes(app, deps.platform, service);
  return {
    requirePayPassword: (userId, pin) => requirePayPassword(service, userId, pin),
    securityChangedAt: (userId) => securityChangedAt(db, userId),
    withdrawalHeldUntil: (userId) => withdrawalHeldUntil(db, userId),
    recordSecurityChange: (trx, userId, kind) => recordSecurityChange(trx, userId, kind),
    erase: (trx, userId) => erasePayPassword(trx, userId),
    setWithoutCode: (userId, pin) => storePin(service, userId, pin),
  };
}
