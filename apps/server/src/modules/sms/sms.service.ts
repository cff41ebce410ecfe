import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';
import type { SmsProvider } from '../../platform/sms/sms-provider';
import { smsDb } from './sms.tables';

/**
 * SMS codes. The spec fixes 4 digits (about 13 bits); these limits make guessing hopeless
 * (docs/decisions/0006-sms-code-length.md): 5 tries burn a code, a code lives 5 minutes, one
 * send per 60 s per phone, and hourly/daily caps per phone and per client address.
 */
export const SMS_LIMITS = {
  ttlSeconds: 300,
  maxTries: 5,
  cooldownSeconds: 60,
  perPhoneHour: 5,
  perPhoneDay: 10,
  perAddressHour: 20,
  perAddressDay: 50,
} as const;

export type SmsType = 'phoneLogin' | 'verifyCode';

export interface SmsDeps {
  /** Per-address caps other than the defaults (SMS_PER_ADDRESS_HOUR / _DAY: many players behind one address). */
  addressCaps?: { hour: number; day: number };
  db: Db;
  rates: RateStore;
  sms: SmsProvider;
  hashSecret: string;
}

const hashCode = (secret: string, phone: string, smsType: string, code: string) =>
  createHmac('sha256', secret).update(`${phone}:${smsType}:${code}`).digest('hex');

export async function sendCode(
  deps: SmsDeps,
  input: { phone: string; smsType: SmsType; address: string },
): Promise<void> {
  // One send per 60 s per phone and purpose (a login code does not hold up a sale-unlock code).
  const cooldownKey = `sms:${input.phone}:${input.smsType}`;
  const wait = await deps.rates.startCooldown(cooldownKey, SMS_LIMITS.cooldownSeconds);
  if (wait > 0) throw new AppError(ErrorCode.TOO_FREQUENT, `发送过于频繁，请${wait}秒后再试`);
  const counts = await Promise.all([
    deps.rates.hit(`sms:h:${input.phone}`, 3600),
    deps.rates.hit(`sms:d:${input.phone}`, 86_400),
    deps.rates.hit(`sms:ah:${input.address}`, 3600),
    deps.rates.hit(`sms:ad:${input.address}`, 86_400),
  ]);
  const [phoneHour, phoneDay, addressHour, addressDay] = counts as [number, number, number, number];
  if (
    phoneHour > SMS_LIMITS.perPhoneHour ||
    phoneDay > SMS_LIMITS.perPhoneDay ||
    addressHour > (deps.addressCaps?.hour ?? SMS_LIMITS.perAddressHour) ||
    addressDay > (deps.addressCaps?.day ?? SMS_LIMITS.perAddressDay)
  ) {
    throw new AppError(ErrorCode.SMS_DAILY_CAP);
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  // Sent first: a code the provider refused is never stored, and the phone's previous code stays valid.
  try {
    await deps.sms.send({ phone: input.phone, smsType: input.smsType, code });
  } catch (error) {
    await deps.rates.clearCooldown(cooldownKey);
    throw error;
  }
  await deps.db.transaction().execute(async (trx) => {
    // A new code replaces the previous one of the same purpose.
    await smsDb(trx)
      .updateTable('sms_codes')
      .set({ burned_at: new Date() })
      .where('phone', '=', input.phone)
      .where('sms_type', '=', input.smsType)
      .where('consumed_at', 'is', null)
      .where('burned_at', 'is', null)
      .execute();
    await smsDb(trx)
      .insertInto('sms_codes')
      .values({
        phone: input.phone,
        sms_type: input.smsType,
        code_hash: hashCode(deps.hashSecret, input.phone, input.smsType, code),
        expires_at: new Date(Date.now() + SMS_LIMITS.ttlSeconds * 1000),
        burned_at: null,
        consumed_at: null,
      })
      .execute();
  });
}

/** Uses up the phone's current code of that purpose, or throws why not. One use, five tries. */
export async function consumeCode(
  deps: Pick<SmsDeps, 'db' | 'hashSecret'>,
  input: { phone: string; smsType: SmsType; code: string },
): Promise<void> {
  const row = await smsDb(deps.db)
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', input.phone)
    .where('sms_type', '=', input.smsType)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);
  if (row.burned_at && row.tries >= SMS_LIMITS.maxTries) throw new AppError(ErrorCode.SMS_CODE_BURNED);
  if (row.burned_at || row.expires_at.getTime() <= Date.now()) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);

  const given = Buffer.from(hashCode(deps.hashSecret, input.phone, input.smsType, input.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
    const updated = await smsDb(deps.db)
      .updateTable('sms_codes')
      .set({
        tries: sql`tries + 1`,
        burned_at: sql`case when tries + 1 >= ${SMS_LIMITS.maxTries} then now() else null end`,
      })
      .where('id', '=', row.id)
      .where('burned_at', 'is', null)
      .where('consumed_at', 'is', null)
      .returning('tries')
      .executeTakeFirst();
    if (!updated || updated.tries >= SMS_LIMITS.maxTries) throw new AppError(ErrorCode.SMS_CODE_BURNED);
    throw new AppError(ErrorCode.SMS_CODE_WRONG);
  }
  const used = await smsDb(deps.db)
    .updateTable('sms_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);
}
