import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { maskMobile } from './user.service';
import { userDb } from './user.tables';

/**
 * The 灰度 list (user_settings.gray): operations flag users one by one; a flagged user's isGrayEnv
 * answers true and, signed in, he passes the maintenance switch (docs/decisions/0066-gamerules-console.md).
 */
export async function setGray(db: DbHandle, userId: number, gray: boolean): Promise<{ before: boolean }> {
  const row = await userDb(db)
    .selectFrom('user_settings')
    .select('gray')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const before = row?.gray ?? false;
  if (before !== gray)
    await userDb(db)
      .insertInto('user_settings')
      .values({ user_id: userId, gray })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ gray, updated_at: new Date() }))
      .execute();
  return { before };
}

/** The gray users, most recently flagged first; phones masked. */
export async function listGrayUsers(db: DbHandle, page: number, pageSize: number) {
  const base = userDb(db).selectFrom('user_settings').where('user_settings.gray', '=', true);
  const { total, rows } = await countedPage(
    base,
    base
      .innerJoin('users', 'users.id', 'user_settings.user_id')
      .select(['users.id', 'users.uid', 'users.mobile', 'user_settings.updated_at'])
      .orderBy('user_settings.updated_at', 'desc')
      .orderBy('users.id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({
      userId: String(r.id),
      uid: r.uid,
      mobile: maskMobile(r.mobile),
      since: new Date(r.updated_at).getTime(),
    })),
  };
}
