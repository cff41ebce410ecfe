import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { maskPhones } from '../../platform/log/mask';
import { userDb } from './user.tables';

/**
 * The feedback inbox the console reads (decision 0075): the players' feedback with its type and
 * the sender's uid, open (no reply yet) oldest first so the longest waiting comes first, replied
 * newest first; a reply written once (the first of two staff replying at once wins).
 */
export async function feedbackPage(
  db: DbHandle,
  q: { state: 'open' | 'replied'; typeId?: number | undefined; page: number; pageSize: number },
) {
  let base = userDb(db)
    .selectFrom('feedback')
    .innerJoin('feedback_types', 'feedback_types.id', 'feedback.type_id')
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .where('feedback.reply', q.state === 'open' ? 'is' : 'is not', null);
  if (q.typeId) base = base.where('feedback.type_id', '=', q.typeId);
  const { total, rows } = await countedPage(
    base,
    base
      .select([
        'feedback.id',
        'feedback.user_id',
        'users.uid',
        'feedback_types.name as type_name',
        'feedback.content',
        'feedback.contact',
        'feedback.images',
        'feedback.created_at',
        'feedback.reply',
        'feedback.replied_at',
        'feedback.replied_by',
      ])
      .orderBy('feedback.created_at', q.state === 'open' ? 'asc' : 'desc')
      .orderBy('feedback.id', q.state === 'open' ? 'asc' : 'desc'),
    q,
  );
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      // A contact is what the player typed: a phone in it is masked as everywhere in the console.
      contact: maskPhones(r.contact ?? ''),
      images: (typeof r.images === 'string' ? JSON.parse(r.images) : r.images) as string[],
    })),
  };
}

/** The reply written if the feedback has none yet; answers the feedback's user and type name, or undefined. */
export async function replyToFeedback(
  db: DbHandle,
  feedbackId: number,
  staffId: number,
  reply: string,
): Promise<{ userId: number; typeName: string } | undefined> {
  const row = await userDb(db)
    .updateTable('feedback')
    .set({ reply, replied_at: sql`now()`, replied_by: staffId })
    .where('id', '=', feedbackId)
    .where('reply', 'is', null)
    .returning(['user_id', 'type_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  const type = await userDb(db)
    .selectFrom('feedback_types')
    .select('name')
    .where('id', '=', row.type_id)
    .executeTakeFirstOrThrow();
  return { userId: row.user_id, typeName: type.name };
}

/** Whether a feedback exists (a reply to a missing one and to a replied one say different things). */
export async function feedbackExists(db: DbHandle, feedbackId: number): Promise<boolean> {
  return (
    (await userDb(db).selectFrom('feedback').select('id').where('id', '=', feedbackId).executeTakeFirst()) !== undefined
  );
}
