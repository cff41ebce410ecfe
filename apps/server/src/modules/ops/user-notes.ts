import type { OpsUserAudit, OpsUserNote } from '@app/protocol/ops-users';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { opsDb } from './ops.tables';

/** Staff notes on a user (ops owns them) and the audit of the actions taken on him, for his console page. */

export async function writeUserNote(trx: DbHandle, note: { userId: number; staffId: number; note: string }) {
  const row = await opsDb(trx)
    .insertInto('user_notes')
    .values({ user_id: note.userId, staff_id: note.staffId, note: note.note })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: String(row.id), note: note.note, at: row.created_at.getTime() };
}

export async function userNotes(
  db: DbHandle,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserNote[] }> {
  const base = opsDb(db).selectFrom('user_notes').where('user_notes.user_id', '=', userId);
  const { total, rows } = await countedPage(
    base,
    base
      .leftJoin('staff', 'staff.id', 'user_notes.staff_id')
      .select(['user_notes.id', 'user_notes.note', 'user_notes.created_at', 'staff.display_name'])
      .orderBy('user_notes.id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({ id: String(r.id), by: r.display_name ?? '', note: r.note, at: r.created_at.getTime() })),
  };
}

export async function userAudit(
  db: DbHandle,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserAudit[] }> {
  const base = opsDb(db).selectFrom('staff_audit').where('staff_audit.target_user_id', '=', userId);
  const { total, rows } = await countedPage(
    base,
    base
      .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
      .select([
        'staff_audit.id',
        'staff_audit.action',
        'staff_audit.before',
        'staff_audit.after',
        'staff_audit.ip',
        'staff_audit.created_at',
        'staff.display_name',
      ])
      .orderBy('staff_audit.id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({
      id: String(r.id),
      by: r.display_name ?? '',
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      at: r.created_at.getTime(),
    })),
  };
}
