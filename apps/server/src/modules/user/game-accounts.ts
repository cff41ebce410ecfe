import type { Db } from '../../platform/db/database';

/**
 * Whether the user is linked to the game account (user_identities `game:<gameId>` = accountId):
 * the user logged in from that game account, or bound it with their phone. One user at a time.
 */
export async function isLinkedGameAccount(db: Db, userId: number, gameId: string, accountId: string): Promise<boolean> {
  const link = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', `game:${gameId}`)
    .where('subject', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return link !== undefined;
}
