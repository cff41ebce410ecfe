import { randomInt } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { RemovalChecks } from './removal-checks';
import { maskMobile } from './user.service';
import { userDb } from './user.tables';

/** What the refusals say (the game view shows them as they are). */
export const GAME_LINK_MESSAGES = {
  linkedElsewhere: (mobile: string) => `该游戏账号已关联交易平台账号 ${maskMobile(mobile)}，请用该手机号登录`,
  leftBehind: '本游戏账号当前的交易平台账户还有余额或进行中的交易，暂不能关联到其他账号，请联系客服处理',
} as const;

/** Another link of the same game account or phone committed first: the link runs again on what it wrote. */
class LinkRaceLost extends Error {}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * The game account (`game:<gameId>` = accountId) logs in with a phone whose SMS code the caller
 * has already consumed; answers the user it is linked to afterwards.
 *
 * - not linked (or linked to a closed account): it links to the phone's user, created when none;
 * - linked to the phone's user: nothing changes;
 * - linked to a user with another phone: refused (one game account, one marketplace account);
 * - linked to a user without a phone (a game login): the phone becomes that user's when it has no
 *   account yet; otherwise the game account moves to the phone's account — refused while the
 *   phoneless user, left with no way in, still holds money or something in flight (`leaving`),
 *   and its sessions end.
 *
 * The link's row is locked for the decision; two links of one game account at once are decided one
 * after the other, and a link or account created meanwhile by another makes this one run again.
 */
export async function linkGameAccountByPhone(
  db: Db,
  input: { gameId: string; accountId: string; phone: string },
  leaving: RemovalChecks,
): Promise<{ id: number; uid: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => linkOnce(trx, input, leaving));
    } catch (error) {
      if (attempt < 3 && (error instanceof LinkRaceLost || isUniqueViolation(error))) continue;
      throw error;
    }
  }
}

async function linkOnce(
  trx: Db,
  input: { gameId: string; accountId: string; phone: string },
  leaving: RemovalChecks,
): Promise<{ id: number; uid: string }> {
  const provider = `game:${input.gameId}`;
  const link = await userDb(trx)
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .select(['users.id', 'users.uid', 'users.mobile', 'users.removed_at'])
    .where('provider', '=', provider)
    .where('subject', '=', input.accountId)
    .forUpdate()
    .executeTakeFirst();
  const current = link && !link.removed_at ? link : null;
  if (current?.mobile === input.phone) return current;
  if (current?.mobile) throw new AppError(ErrorCode.BAD_PARAMS, GAME_LINK_MESSAGES.linkedElsewhere(current.mobile));

  const owner = await userDb(trx)
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('mobile', '=', input.phone)
    .executeTakeFirst();
  if (current && !owner) {
    // The game login's own user takes the phone (what binding it does), keeping all it holds.
    const bound = await userDb(trx)
      .updateTable('users')
      .set({ mobile: input.phone })
      .where('id', '=', current.id)
      .where('mobile', 'is', null)
      .executeTakeFirst();
    if (Number(bound.numUpdatedRows) !== 1) throw new LinkRaceLost();
    return current;
  }

  const target = owner ?? (await newPhoneUser(trx, input.phone));
  if (current) {
    const others = await userDb(trx)
      .selectFrom('user_identities')
      .select('subject')
      .where('user_id', '=', current.id)
      .where((eb) => eb.or([eb('provider', '!=', provider), eb('subject', '!=', input.accountId)]))
      .executeTakeFirst();
    if (!others) {
      // Without a phone and without this game account, nobody could reach that user again.
      await userDb(trx).selectFrom('users').select('id').where('id', '=', current.id).forUpdate().execute();
      const reasons = await leaving.reasons(trx, current.id);
      if (reasons.length > 0) throw new AppError(ErrorCode.BAD_PARAMS, GAME_LINK_MESSAGES.leftBehind);
      await revokeUserSessions(trx, current.id);
    }
  }
  if (link) {
    await userDb(trx)
      .updateTable('user_identities')
      .set({ user_id: target.id })
      .where('provider', '=', provider)
      .where('subject', '=', input.accountId)
      .execute();
  } else {
    const inserted = await userDb(trx)
      .insertInto('user_identities')
      .values({ provider, subject: input.accountId, user_id: target.id })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) throw new LinkRaceLost();
  }
  return target;
}

async function newPhoneUser(trx: Db, phone: string): Promise<{ id: number; uid: string }> {
  const inserted = await userDb(trx)
    .insertInto('users')
    .values({
      uid: String(randomInt(10_000_000, 99_999_999)),
      mobile: phone,
      nickname: `玩家${phone.slice(-4)}`,
      avatar: '',
    })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning(['id', 'uid'])
    .executeTakeFirst();
  if (!inserted) throw new LinkRaceLost();
  return inserted;
}
