import type { Notice } from '@app/protocol/notices';
import { type Selectable, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { type NoticeFacts, noticeText } from './notice-texts';
import { type NoticesTable, noticesDb } from './notices.tables';

export const NOTICE_PAGE = 20;

type Row = Selectable<NoticesTable>;

const toNotice = (r: Row): Notice => ({
  id: String(r.id),
  kind: r.kind,
  title: r.title,
  content: r.content,
  position: r.position,
  extInfo: r.ext_info,
  read: r.read_at !== null,
  at: r.created_at.getTime(),
});

/** Records a notification for the user (inside the caller's transaction when it passes one). */
export async function recordNotice(db: DbHandle, userId: number, facts: NoticeFacts): Promise<Notice> {
  const text = noticeText(facts);
  const row = await noticesDb(db)
    .insertInto('notices')
    .values({
      user_id: userId,
      kind: facts.kind,
      title: text.title,
      content: text.content,
      position: text.position,
      ext_info: JSON.stringify(text.ext),
      read_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNotice(row);
}

export async function unreadNotices(db: DbHandle, userId: number): Promise<number> {
  const row = await noticesDb(db)
    .selectFrom('notices')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function noticePage(db: DbHandle, userId: number, before?: number) {
  let query = noticesDb(db).selectFrom('notices').selectAll().where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(NOTICE_PAGE + 1)
    .execute();
  return { list: rows.slice(0, NOTICE_PAGE).map((r) => toNotice(r)), more: rows.length > NOTICE_PAGE };
}

/** Marks one of the user's notifications read, or all; another user's id changes nothing. */
export async function markNoticesRead(
  db: DbHandle,
  userId: number,
  which: { id?: number; all?: boolean },
): Promise<void> {
  if (which.id === undefined && !which.all) return;
  let update = noticesDb(db)
    .updateTable('notices')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which.id !== undefined && !which.all) update = update.where('id', '=', which.id);
  await update.execute();
}
