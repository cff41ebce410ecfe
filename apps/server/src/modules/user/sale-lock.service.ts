import type { SaleStep } from '@app/protocol/calls/exchange-sale';
import { SALE_UNLOCK_MINUTES } from '@app/protocol/calls/market';
import { ErrorCode } from '@app/protocol/errors';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { consumeCode, type SmsDeps } from '../sms/sms.service';
import { phoneAndRealName } from './user.queries';
import { userDb } from './user.tables';

/**
 * The sale lock: closed by default; a code sent to the bound phone opens it for
 * SALE_UNLOCK_MINUTES (docs/decisions/0007-sale-lock-window.md). Selling calls check it and
 * answer 30315, which opens the unlock dialog on every client. The user module keeps it (it is the
 * user's setting); the consignment module's selling calls ask it.
 */
export async function unlockSale(
  deps: Pick<SmsDeps, 'db' | 'hashSecret'>,
  userId: number,
  code: string,
): Promise<Date> {
  const db = userDb(deps.db);
  const user = await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  await consumeCode(deps, { phone: user.mobile, smsType: 'verifyCode', code });
  const until = new Date(Date.now() + SALE_UNLOCK_MINUTES * 60_000);
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, sale_unlocked_until: until })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ sale_unlocked_until: until, updated_at: new Date() }))
    .execute();
  return until;
}

export async function saleUnlockedUntil(db: DbHandle, userId: number): Promise<Date | null> {
  const row = await userDb(db)
    .selectFrom('user_settings')
    .select('sale_unlocked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until = row?.sale_unlocked_until ?? null;
  return until && until.getTime() > Date.now() ? until : null;
}

/** The first missing step of business-flows §4: bound phone → real name → sale lock. */
export async function firstMissingStep(
  db: DbHandle,
  userId: number,
): Promise<{ step: SaleStep; unlockedUntil: Date | null }> {
  const user = await phoneAndRealName(db, userId);
  if (!user.mobile) return { step: 'bindPhone', unlockedUntil: null };
  if (!user.hasAuthentication) return { step: 'authentication', unlockedUntil: null };
  const unlockedUntil = await saleUnlockedUntil(db, userId);
  return { step: unlockedUntil ? 'ready' : 'saleLock', unlockedUntil };
}

/** For selling calls: throws the code of the first missing step (30315 for the lock). */
export async function requireSaleReady(db: DbHandle, userId: number): Promise<void> {
  const { step } = await firstMissingStep(db, userId);
  if (step === 'bindPhone') throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (step === 'authentication') throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  if (step === 'saleLock') throw new AppError(ErrorCode.SALE_LOCKED);
}

/** Staff close the sale lock again (the console): the next sale asks the bound phone's code. Answers until when it was open. */
export async function resetSaleLock(trx: DbHandle, userId: number): Promise<Date | null> {
  const before = await saleUnlockedUntil(trx, userId);
  await userDb(trx)
    .updateTable('user_settings')
    .set({ sale_unlocked_until: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
  return before;
}
