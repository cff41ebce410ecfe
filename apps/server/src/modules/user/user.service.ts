import { randomInt } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { forgetIdentity } from '../identity/identity.service';
import type { RemovalChecks } from './removal-checks';
import { userDb } from './user.tables';

/** Shows 138****0000: the full number never leaves the server in a profile. */
export function maskMobile(mobile: string | null): string {
  return mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';
}

export async function getUserProfile(db: Db, userId: number) {
  const user = await userDb(db).selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    uid: user.uid,
    mobile: maskMobile(user.mobile),
    nickname: user.nickname,
    avatar: user.avatar,
    hasAuthentication: user.has_authentication ? ('1' as const) : ('0' as const),
    registeredAt: Math.floor(user.created_at.getTime() / 1000),
  };
}

/** Finds the user of a phone number or creates one (login by SMS creates accounts on first use). */
export async function findOrCreateUserByMobile(db: Db, mobile: string): Promise<{ id: number; uid: string }> {
  const existing = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (existing) return existing;
  const uid = String(randomInt(10_000_000, 99_999_999));
  const inserted = await userDb(db)
    .insertInto('users')
    .values({ uid, mobile, nickname: `玩家${mobile.slice(-4)}`, avatar: '' })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning(['id', 'uid'])
    .executeTakeFirst();
  return (
    inserted ??
    (await userDb(db).selectFrom('users').select(['id', 'uid']).where('mobile', '=', mobile).executeTakeFirstOrThrow())
  );
}

/**
 * Holds the user's row (for share) for the rest of the caller's transaction and refuses a closed
 * account. Whatever puts something in flight for a user (an order, an offer, a listing) calls it
 * in the transaction that writes it, so a closing account either waits for it and then sees it,
 * or has closed first and it is refused.
 */
export async function holdOpenAccount(trx: DbHandle, userId: number): Promise<void> {
  const user = await userDb(trx)
    .selectFrom('users')
    .select('removed_at')
    .where('id', '=', userId)
    .forShare()
    .executeTakeFirst();
  if (!user || user.removed_at) throw new AppError(ErrorCode.BAD_PARAMS, '该账号已注销');
}

/**
 * Whether the account is still open, its row locked for share until the caller's transaction ends
 * (a removal waits for it, then sees what it wrote). For money arriving from outside (a gateway's
 * notification), which must never land on a closed account's balance.
 */
export async function lockAccountOpen(db: DbHandle, userId: number): Promise<boolean> {
  const user = await userDb(db)
    .selectFrom('users')
    .select('removed_at')
    .where('id', '=', userId)
    .forShare()
    .executeTakeFirst();
  return Boolean(user && !user.removed_at);
}

/**
 * holdOpenAccount as a step of another module's statement (a common table expression of it): the
 * user's row, locked for share while the account is open; no row when it is closed.
 */
export function openAccountStep(db: DbHandle, userId: number) {
  return userDb(db)
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .forShare();
}

/**
 * Closes an account: sessions revoked, personal data erased, the phone free for a new account.
 * The user's row is locked first and the checks run again under it (something placed since the
 * user asked is seen here, and nothing new can start until this commits); any reason refuses.
 */
export async function eraseAccount(db: Db, userId: number, checks: RemovalChecks): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await userDb(trx)
      .selectFrom('users')
      .select('removed_at')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.removed_at) throw new AppError(ErrorCode.BAD_PARAMS, '该账号已注销');
    const [reason] = await checks.reasons(trx, userId);
    if (reason) throw new AppError(ErrorCode.BAD_PARAMS, reason);
    await checks.close(trx, userId);
    await revokeUserSessions(trx, userId);
    await forgetIdentity(trx, userId);
    await userDb(trx)
      .updateTable('users')
      .set({ mobile: null, nickname: '已注销用户', avatar: '', has_authentication: false, removed_at: new Date() })
      .where('id', '=', userId)
      .execute();
  });
}

/** Binds a phone to an account that has none; a phone belongs to one account only. */
export async function bindMobile(db: Db, userId: number, mobile: string): Promise<void> {
  const owner = await userDb(db).selectFrom('users').select(['id']).where('mobile', '=', mobile).executeTakeFirst();
  if (owner && owner.id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '该手机号已绑定其他账号');
  const updated = await userDb(db)
    .updateTable('users')
    .set({ mobile })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mobile', 'is', null), eb('mobile', '=', mobile)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ErrorCode.BAD_PARAMS, '该账号已绑定手机号');
}

/**
 * The user behind a third-party account, created (without a phone) on first sign-in. An account
 * linked by one of the subject's aliases (WeChat's openid before its unionid was known) is that
 * user: the subject is linked to him beside the alias, and the alias keeps finding him.
 */
export async function findOrCreateUserByIdentity(
  db: Db,
  provider: string,
  subject: string,
  nickname: string | null,
  /** When a new account counts as registered (a seed's sellers, whose history is older); now by default. */
  createdAt?: Date,
  aliases: readonly string[] = [],
): Promise<{ id: number; uid: string; mobile: string | null }> {
  const linkedBy = (subjects: readonly string[]) =>
    userDb(db)
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .select(['users.id', 'users.uid', 'users.mobile'])
      .where('provider', '=', provider)
      .where('subject', 'in', subjects)
      .where('users.removed_at', 'is', null)
      .orderBy('user_identities.created_at')
      .executeTakeFirst();
  const linked = () => linkedBy([subject]);
  // Every alias is kept beside the subject (WeChat's `<appId>:<openid>` is what 商家转账 pays to);
  // one a live user already holds stays his.
  const keepAliases = async (handle: DbHandle, userId: number) => {
    if (aliases.length === 0) return;
    await userDb(handle)
      .insertInto('user_identities')
      .values(aliases.map((alias) => ({ provider, subject: alias, user_id: userId })))
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  };
  const found = await linked();
  if (found) {
    await keepAliases(db, found.id);
    return found;
  }
  const byAlias = aliases.length > 0 ? await linkedBy(aliases) : undefined;
  if (byAlias) {
    // Two sign-ins moving the same account at once: the second insert does nothing, both read the link.
    await userDb(db)
      .insertInto('user_identities')
      .values({ provider, subject, user_id: byAlias.id })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
    return (await linked()) ?? byAlias;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await userDb(trx)
        .insertInto('users')
        .values({
          uid: String(randomInt(10_000_000, 99_999_999)),
          mobile: null,
          nickname: nickname ?? `玩家${subject.slice(-4)}`,
          avatar: '',
          ...(createdAt ? { created_at: createdAt } : {}),
        })
        .returning(['id', 'uid', 'mobile'])
        .executeTakeFirstOrThrow();
      // The account is this new user's unless a live user holds it: a removed account's link moves
      // over; a sign-in of the same account at the same moment that got there first keeps it.
      const claimed = await userDb(trx)
        .insertInto('user_identities')
        .values({ provider, subject, user_id: user.id })
        .onConflict((oc) =>
          oc
            .columns(['provider', 'subject'])
            .doUpdateSet({ user_id: user.id })
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('users')
                  .select('users.id')
                  .whereRef('users.id', '=', 'user_identities.user_id')
                  .where('users.removed_at', 'is not', null),
              ),
            ),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) throw new SignInRaceLost();
      await keepAliases(trx, user.id);
      return user;
    });
  } catch (error) {
    if (!(error instanceof SignInRaceLost)) throw error;
    // Rolled back: the user of the sign-in that won.
    const winner = await linked();
    if (!winner) throw error;
    return winner;
  }
}

/** Another sign-in of the same account created its user first: this one's new user is rolled back. */
class SignInRaceLost extends Error {}
