import type { SaleStep } from '@app/protocol/calls/exchange-sale';
import { SALE_UNLOCK_MINUTES } from '@app/protocol/calls/market';
import { ErrorCode } from '@app/protocol/errors';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { consumeCode, type SmsDeps } from '../sms/sms.service';

/**
 * The sale lock: closed by default; a code sent to the bound phone opens it for
 * SALE_UNLOCK_MINUTES (docs/decisions/0007-sale-lock-window.md). Selling calls check it and
 * answer 30315, which opens the unlock dialog on every client.
 */
export async function unlockSale(
  deps: Pick<SmsDeps, 'db' | 'hashSecret'>,
  userId: number,
  code: string,
): Promise<Date> {
  const user = await deps.db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  await consumeCode(deps, { phone: user.mobile, smsType: 'verifyCode', code });
  const until = new Date(Date.now() + SALE_UNLOCK_MINUTES * 60_000);
  await deps.db
    .insertInto('user_settings')
    .values({ user_id: userId, sale_unlocked_until: until })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ sale_unlocked_until: until, updated_at: new Date() }))
    .execute();
  return until;
}

export async function saleUnlockedUntil(db: Db, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('user_settings')
    .select('sale_unlocked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until = row?.sale_unlocked_until ?? null;
  return until && until.getTime() > Date.now() ? until : null;
}

/** The first missing step of business-flows §4: bound phone → real name → sale lock. */
export async function firstMissingStep(
  db: Db,
  userId: number,
): Promise<{ step: SaleStep; unlockedUntil: Date | null }> {
  const user = await db
    .selectFrom('users')
    .select(['mobile', 'has_authentication'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.mobile) return { step: 'bindPhone', unlockedUntil: null };
  if (!user.has_authentication) return { step: 'authentication', unlockedUntil: null };
  const unlockedUntil = await saleUnlockedUntil(db, userId);
  return { step: unlockedUntil ? 'ready' : 'saleLock', unlockedUntil };
}

/** For selling calls: throws the code of the first missing step (30315 for the lock). */
export async function requireSaleReady(db: Db, userId: number): Promise<void> {
  const { step } = await firstMissingStep(db, userId);
  if (step === 'bindPhone') throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (step === 'authentication') throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  if (step === 'saleLock') throw new AppError(ErrorCode.SALE_LOCKED);
}
