import { z } from 'zod';
import { sessionCalls } from '../contract';
import { idCardSchema, realNameSchema, smsCodeSchema } from '../validation';

/**
 * 支付密码: six digits, asked before money leaves the balance (a balance payment, the balance part
 * of a combined one, a withdrawal, a change of payout account). Set with an SMS code to the bound
 * phone (smsType verifyCode), reset with one and the verified real name and ID number; five wrong
 * tries lock it for PAY_PASSWORD_LOCK_MINUTES.
 */
export const PAY_PASSWORD_LENGTH = 6;
export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 180;
/** A withdrawal waits this long after a security change (the password reset, the phone rebound, the payout account changed). */
export const SECURITY_HOLD_HOURS = 24;

export const PAY_PASSWORD_FORMAT = '支付密码须为6位数字';
export const PAY_PASSWORD_TOO_SIMPLE = '支付密码不能是相同或连续的数字';

/** 111111, 123456, 654321 and the like: what anyone tries first. */
export function isTooSimplePin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((v, i) => v - (d[i] as number)));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0] as number);
}

export const payPinSchema = z
  .string({ error: PAY_PASSWORD_FORMAT })
  .regex(new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`), { error: PAY_PASSWORD_FORMAT });

const newPinSchema = payPinSchema.refine((pin) => !isTooSimplePin(pin), { error: PAY_PASSWORD_TOO_SIMPLE });

const call = sessionCalls('payPassword');

export const payPasswordStatus = call(
  'status',
  'Whether the payment password is set, how many tries are left, until when it is locked, and until when withdrawals wait after a security change',
  z.object({}),
  z.object({
    set: z.boolean(),
    triesLeft: z.number().int(),
    /** Unix seconds; null when not locked. */
    lockedUntil: z.number().int().nullable(),
    /** Unix seconds: withdrawals wait until then after a security change; null when none is recent. */
    withdrawalHeldUntil: z.number().int().nullable(),
  }),
);

export const payPasswordSet = call(
  'set',
  'Sets the payment password for the first time (an SMS code of smsType verifyCode to the bound phone)',
  z.object({ code: smsCodeSchema, pin: newPinSchema }),
  z.object({ set: z.literal(true) }),
);

export const payPasswordReset = call(
  'reset',
  'Resets a forgotten payment password: an SMS code to the bound phone and the verified real name and ID number; unlocks it; withdrawals then wait SECURITY_HOLD_HOURS',
  z.object({ code: smsCodeSchema, realName: realNameSchema, idCard: idCardSchema, pin: newPinSchema }),
  z.object({ set: z.literal(true), withdrawalHeldUntil: z.number().int() }),
);
