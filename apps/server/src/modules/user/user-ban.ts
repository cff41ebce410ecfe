import { ErrorCode } from '@app/protocol/errors';
import { formatDateTime } from '@app/protocol/format';
import type { UserBan } from '@app/protocol/ops-users';
import { sql } from 'kysely';
import { issueSession, type SeenFrom } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { userDb } from './user.tables';

/**
 * A ban on a user (docs/decisions/0061-opsusers-bans.md): the user module keeps it on the user's
 * row; staff set and lift it through the console (ops), in the console's transaction. A banned
 * user starts no session (every login goes through `startSession`), and a session a ban ended
 * answers 20111 with the reason (platform/auth asks `refuseBanned` when a session has ended).
 */

/** 您的账号已被封禁… with the reason and the end, the words the app's 20111 dialog shows beside 联系客服. */
export const banMessage = (ban: Pick<UserBan, 'reason' | 'until'>) =>
  `您的账号已被封禁，原因：${ban.reason}，${
    ban.until === null ? '封禁期限：永久' : `解封时间：${formatDateTime(ban.until)}`
  }。如有疑问请联系客服`;

/** The user's standing ban, or null (none, lifted, or run out). */
export async function banOf(db: DbHandle, userId: number, now = Date.now()): Promise<UserBan | null> {
  const row = await userDb(db)
    .selectFrom('users')
    .select(['banned_at', 'banned_until', 'ban_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.banned_at) return null;
  if (row.banned_until && row.banned_until.getTime() <= now) return null;
  return { reason: row.ban_reason ?? '', until: row.banned_until?.getTime() ?? null, at: row.banned_at.getTime() };
}

/** Throws 20111 (with the reason and the end) when the user stands banned. */
export async function refuseBanned(db: DbHandle, userId: number): Promise<void> {
  const ban = await banOf(db, userId);
  if (ban) throw new AppError(ErrorCode.BANNED, banMessage(ban));
}

/** A login's session: refused with 20111 for a banned user. */
export async function startSession(
  db: Db,
  userId: number,
  source: string,
  ttlDays: number,
  seen?: SeenFrom,
): Promise<string> {
  await refuseBanned(db, userId);
  return issueSession(db, userId, source, ttlDays, seen);
}

const standing = sql<boolean>`banned_at is not null and (banned_until is null or banned_until > now())`;

/**
 * Bans the user, once: a guarded update that only a user not banned passes, so of two staff banning
 * at once one takes effect and the other is told. Answers the ban before it (null) and after.
 */
export async function banUser(
  trx: DbHandle,
  userId: number,
  ban: { reason: string; until: number | null },
): Promise<{ before: UserBan | null; after: UserBan } | null> {
  const row = await userDb(trx)
    .updateTable('users')
    .set({
      banned_at: new Date(),
      banned_until: ban.until === null ? null : new Date(ban.until),
      ban_reason: ban.reason,
    })
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .where(sql<boolean>`not (${standing})`)
    .returning(['banned_at'])
    .executeTakeFirst();
  if (!row?.banned_at) return null;
  return { before: null, after: { reason: ban.reason, until: ban.until, at: row.banned_at.getTime() } };
}

/** Lifts a standing ban, once; answers the ban lifted, or null when none stood. */
export async function unbanUser(trx: DbHandle, userId: number): Promise<UserBan | null> {
  const before = await banOf(trx, userId);
  if (!before) return null;
  const lifted = await userDb(trx)
    .updateTable('users')
    .set({ banned_at: null, banned_until: null, ban_reason: null })
    .where('id', '=', userId)
    .where(standing)
    .executeTakeFirst();
  return Number(lifted.numUpdatedRows) === 1 ? before : null;
}
