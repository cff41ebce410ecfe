import { type Expression, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { userDb } from './user.tables';

/**
 * Whether the user is linked to the game account (user_identities `game:<gameId>` = accountId):
 * the user logged in from that game account, or bound it with their phone. One user at a time.
 */
export async function isLinkedGameAccount(
  db: DbHandle,
  userId: number,
  gameId: string,
  accountId: string,
): Promise<boolean> {
  return (await gameAccountLinkStep(db, userId, sql.val(gameId), accountId).executeTakeFirst()) !== undefined;
}

/**
 * isLinkedGameAccount as a step of another module's statement (a subquery of it): the link's row,
 * none when the account is not the user's; `gameId` may be a column of that statement (the game of
 * the listing it reads).
 */
export function gameAccountLinkStep(
  db: DbHandle,
  userId: number | Expression<number>,
  gameId: Expression<string | null>,
  accountId: string,
) {
  return userDb(db)
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', sql<string>`'game:'::text || ${gameId}`)
    .where('subject', '=', accountId)
    .where('user_id', '=', userId);
}

/** A game account the user logged into the game with (user_identities `game:<gameId>`). */
export interface GameAccount {
  accountId: string;
  lastRoleName: string | null;
  lastLoginAt: Date | null;
  linkedAt: Date;
}

/** The user's game accounts of a game, in the order they were linked, or the last login first (`recentFirst`). */
export async function gameAccountsOf(
  db: DbHandle,
  userId: number,
  gameId: string,
  options: { recentFirst?: boolean } = {},
): Promise<GameAccount[]> {
  let query = userDb(db)
    .selectFrom('user_identities')
    .select(['subject', 'last_role_name', 'last_login_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('provider', '=', `game:${gameId}`);
  if (options.recentFirst) query = query.orderBy('last_login_at', 'desc');
  const rows = await query.execute();
  return rows.map(gameAccount);
}

/** Every game the user logged into, one entry per game account (the game's id with it). */
export async function gameLoginsOf(db: DbHandle, userId: number): Promise<Array<GameAccount & { gameId: string }>> {
  const rows = await userDb(db)
    .selectFrom('user_identities')
    .select(['provider', 'subject', 'last_role_name', 'last_login_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('provider', 'like', 'game:%')
    .execute();
  return rows.map((r) => ({ ...gameAccount(r), gameId: r.provider.slice('game:'.length) }));
}

/** A login from the game: the role the account played last, and when. */
export async function recordGameLogin(
  db: DbHandle,
  gameId: string,
  accountId: string,
  roleName: string | null,
): Promise<void> {
  await userDb(db)
    .updateTable('user_identities')
    .set({ last_role_name: roleName, last_login_at: new Date() })
    .where('provider', '=', `game:${gameId}`)
    .where('subject', '=', accountId)
    .execute();
}

const gameAccount = (r: {
  subject: string;
  last_role_name: string | null;
  last_login_at: Date | null;
  created_at: Date;
}): GameAccount => ({
  accountId: r.subject,
  lastRoleName: r.last_role_name,
  lastLoginAt: r.last_login_at,
  linkedAt: r.created_at,
});
