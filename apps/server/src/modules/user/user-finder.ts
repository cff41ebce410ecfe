import type { SearchHit } from '@app/protocol/ops-users';
import type { DbHandle } from '../../platform/db/handle';
import { maskMobile } from './user.service';
import { userDb } from './user.tables';

const PHONE = /^1\d{10}$/;
const UID = /^\d{8}$/;

/** 查找 by a bound phone (11 digits) or a 唯一码 (8 digits); the phone is masked in the hit. */
export async function findUsers(db: DbHandle, text: string): Promise<SearchHit[]> {
  if (!PHONE.test(text) && !UID.test(text)) return [];
  const rows = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid', 'mobile', 'nickname', 'removed_at', 'banned_at', 'banned_until'])
    .where(PHONE.test(text) ? 'mobile' : 'uid', '=', text)
    .limit(5)
    .execute();
  const now = Date.now();
  return rows.map((r) => {
    const banned = r.banned_at !== null && (r.banned_until === null || r.banned_until.getTime() > now);
    const state = r.removed_at ? ' · 已注销' : banned ? ' · 已封禁' : '';
    return {
      kind: 'user' as const,
      id: String(r.id),
      title: `${r.nickname || '用户'}（UID ${r.uid}）`,
      detail: `手机 ${maskMobile(r.mobile) || '未绑定'}${state}`,
      userId: String(r.id),
    };
  });
}

/** The head of a user's console page: who he is, masked; undefined for no such user. */
export async function userForStaff(db: DbHandle, userId: number) {
  const row = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid', 'mobile', 'nickname', 'created_at', 'removed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: String(row.id),
    uid: row.uid,
    mobile: row.mobile ? maskMobile(row.mobile) : null,
    nickname: row.nickname,
    createdAt: row.created_at.getTime(),
    removed: row.removed_at !== null,
  };
}
