import {
  PAY_PASSWORD_LOCK_MINUTES,
  PAY_PASSWORD_MAX_TRIES,
  SECURITY_HOLD_HOURS,
} from '@app/protocol/calls/pay-password';
import { ErrorCode } from '@app/protocol/errors';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import { payPasswordDb, type SecurityChangeKind } from './pay-password.tables';
import { hashPin, pinMatches } from './pay-password-hash';

export interface PayPasswordDeps {
  db: Db;
  /** The server secret every pin is keyed with before scrypt (pay-password-hash.ts). */
  pepper: string;
  /** Consumes an SMS code (smsType verifyCode) sent to the user's bound phone; throws when wrong. */
  consumePhoneCode: (userId: number, code: string) => Promise<void>;
  /** Whether the name and ID number are the user's verified ones (the identity module compares). */
  identityIs: (userId: number, realName: string, idCard: string) => Promise<boolean>;
  now?: () => number;
}

const NOT_SET = '请先设置支付密码';
const PIN_MISSING = '请输入支付密码';
const minutesLeft = (until: Date, now: number) => Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
const lockedMessage = (until: Date, now: number) => `支付密码已锁定，请${minutesLeft(until, now)}分钟后再试`;

/**
 * Asks for the payment password before money leaves the balance; throws AppError 10002 with
 * 支付密码错误，还可尝试N次 / 支付密码已锁定，请X分钟后再试 / 请先设置支付密码. Runs in its own
 * transaction, never the caller's: a wrong try is counted even when the caller's work rolls back.
 * The row is locked for the check, so two tries at once are counted one after the other and the
 * fifth wrong one locks it before a sixth is looked at.
 */
export async function requirePayPassword(
  deps: PayPasswordDeps,
  userId: number,
  pin: string | undefined,
): Promise<void> {
  const now = (deps.now ?? Date.now)();
  // No pin sent: not a try (nothing counted), only what the user must do first.
  if (pin === undefined) {
    const state = await payPasswordState(deps, userId);
    throw new AppError(ErrorCode.BAD_PARAMS, state.set ? PIN_MISSING : NOT_SET);
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await payPasswordDb(trx)
      .selectFrom('pay_passwords')
      .selectAll()
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { error: NOT_SET };
    if (row.locked_until && row.locked_until.getTime() > now) return { error: lockedMessage(row.locked_until, now) };
    // A lock that ran out starts the count again.
    const tried = row.locked_until ? 0 : row.failed_tries;
    if (/^\d{6}$/.test(pin) && (await pinMatches(pin, row.hash, deps.pepper))) {
      if (tried > 0 || row.locked_until)
        await payPasswordDb(trx)
          .updateTable('pay_passwords')
          .set({ failed_tries: 0, locked_until: null, updated_at: new Date(now) })
          .where('user_id', '=', userId)
          .execute();
      return { error: null };
    }
    const failed = tried + 1;
    const locks = failed >= PAY_PASSWORD_MAX_TRIES;
    const lockedUntil = locks ? new Date(now + PAY_PASSWORD_LOCK_MINUTES * 60_000) : null;
    await payPasswordDb(trx)
      .updateTable('pay_passwords')
      .set({
        failed_tries: locks ? PAY_PASSWORD_MAX_TRIES : failed,
        locked_until: lockedUntil,
        updated_at: new Date(now),
      })
      .where('user_id', '=', userId)
      .execute();
    return {
      error: lockedUntil
        ? `支付密码错误次数过多，已锁定，请${PAY_PASSWORD_LOCK_MINUTES}分钟后再试`
        : `支付密码错误，还可尝试${PAY_PASSWORD_MAX_TRIES - failed}次`,
    };
  });
  if (outcome.error) throw new AppError(ErrorCode.BAD_PARAMS, outcome.error);
}

export async function payPasswordState(deps: Pick<PayPasswordDeps, 'db' | 'now'>, userId: number) {
  const now = (deps.now ?? Date.now)();
  const row = await payPasswordDb(deps.db)
    .selectFrom('pay_passwords')
    .select(['failed_tries', 'locked_until'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const locked = row?.locked_until && row.locked_until.getTime() > now ? row.locked_until : null;
  const tried = row?.locked_until ? (locked ? PAY_PASSWORD_MAX_TRIES : 0) : (row?.failed_tries ?? 0);
  return { set: row !== undefined, triesLeft: PAY_PASSWORD_MAX_TRIES - tried, lockedUntil: locked };
}

/** The first payment password, with an SMS code to the bound phone. */
export async function setPayPassword(deps: PayPasswordDeps, userId: number, input: { code: string; pin: string }) {
  if ((await payPasswordState(deps, userId)).set)
    throw new AppError(ErrorCode.BAD_PARAMS, '已设置支付密码，忘记密码请通过实名信息重置');
  await deps.consumePhoneCode(userId, input.code);
  const hash = await hashPin(input.pin, deps.pepper);
  await deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, 'pay-password', userId);
    const inserted = await payPasswordDb(trx)
      .insertInto('pay_passwords')
      .values({ user_id: userId, hash })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(ErrorCode.BAD_PARAMS, '已设置支付密码，忘记密码请通过实名信息重置');
  });
}

/**
 * A forgotten password replaced: the SMS code and the verified real name and ID number; the lock is
 * lifted, and the change is a security change (withdrawals wait SECURITY_HOLD_HOURS).
 */
export async function resetPayPassword(
  deps: PayPasswordDeps,
  userId: number,
  input: { code: string; realName: string; idCard: string; pin: string },
): Promise<Date> {
  if (!(await deps.identityIs(userId, input.realName, input.idCard)))
    throw new AppError(ErrorCode.BAD_PARAMS, '姓名或身份证号与实名认证信息不一致');
  await deps.consumePhoneCode(userId, input.code);
  const hash = await hashPin(input.pin, deps.pepper);
  const now = new Date((deps.now ?? Date.now)());
  await deps.db.transaction().execute(async (trx) => {
    await payPasswordDb(trx)
      .insertInto('pay_passwords')
      .values({ user_id: userId, hash })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ hash, failed_tries: 0, locked_until: null, updated_at: now }),
      )
      .execute();
    await recordSecurityChange(trx, userId, 'payPasswordReset', now);
  });
  return new Date(now.getTime() + SECURITY_HOLD_HOURS * 3_600_000);
}

/** A security change of the user (the phone rebound, the payout account changed, the password reset), in the caller's transaction. */
export async function recordSecurityChange(
  db: DbHandle,
  userId: number,
  kind: SecurityChangeKind,
  at = new Date(),
): Promise<void> {
  await payPasswordDb(db).insertInto('security_changes').values({ user_id: userId, kind, created_at: at }).execute();
}

/** When the user's security last changed, or null: withdrawal holds payouts for SECURITY_HOLD_HOURS after it. */
export async function securityChangedAt(db: DbHandle, userId: number): Promise<Date | null> {
  const row = await payPasswordDb(db)
    .selectFrom('security_changes')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** Until when withdrawals wait after the last security change; null when it is older than the hold. */
export async function withdrawalHeldUntil(db: DbHandle, userId: number, now = Date.now()): Promise<Date | null> {
  const at = await securityChangedAt(db, userId);
  const until = at ? at.getTime() + SECURITY_HOLD_HOURS * 3_600_000 : 0;
  return until > now ? new Date(until) : null;
}

/** A pin stored as set (or replaced, unlocked), without the SMS code: the test hooks' (dev module). */
export async function storePin(deps: Pick<PayPasswordDeps, 'db' | 'pepper'>, userId: number, pin: string) {
  const hash = await hashPin(pin, deps.pepper);
  await payPasswordDb(deps.db)
    .insertInto('pay_passwords')
    .values({ user_id: userId, hash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, failed_tries: 0, locked_until: null }))
    .execute();
}

/** A closing account's payment password erased, in the removal's transaction (paypin); its security changes stay as the record they are. */
export async function erasePayPassword(db: DbHandle, userId: number): Promise<void> {
  await payPasswordDb(db).deleteFrom('pay_passwords').where('user_id', '=', userId).execute();
}
