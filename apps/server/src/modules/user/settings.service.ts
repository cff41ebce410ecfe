import type { Db } from '../../platform/db/database';
import { userDb } from './user.tables';

export interface UserSwitches {
  push: 0 | 1;
  individualizedRecommend: 0 | 1;
}

const bit = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

export async function getSwitches(db: Db, userId: number): Promise<UserSwitches> {
  const row = await userDb(db).selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { push: bit(row?.push ?? 1), individualizedRecommend: bit(row?.individualized_recommend ?? 1) };
}

export async function setSwitch(
  db: Db,
  userId: number,
  name: 'push' | 'individualized_recommend',
  value: 0 | 1,
): Promise<UserSwitches> {
  await userDb(db)
    .insertInto('user_settings')
    .values({ user_id: userId, [name]: value })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [name]: value, updated_at: new Date() }))
    .execute();
  return getSwitches(db, userId);
}

/** Gray users: flagged one by one by operations (user_settings.gray). */
export async function isGrayUser(db: Db, userId: number): Promise<boolean> {
  const row = await userDb(db)
    .selectFrom('user_settings')
    .select('gray')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.gray ?? false;
}

/** The push switch (pushSwitch): on unless the user turned it off. */
export async function pushOn(db: Db, userId: number): Promise<boolean> {
  return (await getSwitches(db, userId)).push === 1;
}
