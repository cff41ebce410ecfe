import type { AuditEntry, AuditPage, OrderNote, StaffAction } from '@app/protocol/ops';
import type { Db } from '../../platform/db/database';
import { countedPage } from '../../platform/db/page';
import { opsDb } from './ops.tables';

/** One staff action: who, what, on which order or staff member, the values before and after, from where. */
export interface AuditRecord {
  staffId: number | null;
  action: StaffAction;
  ip: string;
  orderId?: number | null;
  orderNo?: string | null;
  targetStaffId?: number | null;
  /** The user an action on a user was taken on (his page lists it). */
  targetUserId?: number | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Written with the `db` handed in: the action's own transaction where there is one. */
export async function writeAudit(db: Db, record: AuditRecord): Promise<void> {
  await opsDb(db)
    .insertInto('staff_audit')
    .values({
      staff_id: record.staffId,
      action: record.action,
      order_id: record.orderId ?? null,
      order_no: record.orderNo ?? null,
      target_staff_id: record.targetStaffId ?? null,
      target_user_id: record.targetUserId ?? null,
      before: json(record.before),
      after: json(record.after),
      ip: record.ip,
    })
    .execute();
}

/** The audit, newest first, a page at a time; `order` is an order's id or its number. */
export async function listAudit(
  db: Db,
  query: { order?: string | undefined; page: number; pageSize: number },
): Promise<AuditPage> {
  let base = opsDb(db).selectFrom('staff_audit');
  const order = query.order?.trim();
  if (order) {
    base = /^\d{1,9}$/.test(order)
      ? base.where((eb) =>
          eb.or([eb('staff_audit.order_id', '=', Number(order)), eb('staff_audit.order_no', '=', order)]),
        )
      : base.where('staff_audit.order_no', '=', order);
  }
  const { total, rows } = await countedPage(
    base,
    base
      .leftJoin('staff as actor', 'actor.id', 'staff_audit.staff_id')
      .leftJoin('staff as target', 'target.id', 'staff_audit.target_staff_id')
      .select([
        'staff_audit.id',
        'staff_audit.action',
        'staff_audit.order_id',
        'staff_audit.order_no',
        'staff_audit.before',
        'staff_audit.after',
        'staff_audit.ip',
        'staff_audit.created_at',
        'actor.id as actor_id',
        'actor.username as actor_username',
        'actor.display_name as actor_name',
        'target.username as target_username',
      ])
      .orderBy('staff_audit.id', 'desc'),
    query,
  );
  const list: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    staff:
      r.actor_id === null
        ? null
        : { id: String(r.actor_id), username: r.actor_username ?? '', displayName: r.actor_name ?? '' },
    action: r.action as StaffAction,
    orderId: r.order_id === null ? null : String(r.order_id),
    orderNo: r.order_no,
    targetStaff: r.target_username,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    at: r.created_at.getTime(),
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}

/** Staff notes on these orders, oldest first (the console shows them on each refused receipt). */
export async function orderNotes(db: Db, orderIds: number[]): Promise<Map<number, OrderNote[]>> {
  const notes = new Map<number, OrderNote[]>();
  if (orderIds.length === 0) return notes;
  const rows = await opsDb(db)
    .selectFrom('staff_audit')
    .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
    .select(['staff_audit.order_id', 'staff_audit.after', 'staff_audit.created_at', 'staff.display_name'])
    .where('staff_audit.action', '=', 'order.note')
    .where('staff_audit.order_id', 'in', orderIds)
    .orderBy('staff_audit.id', 'asc')
    .execute();
  for (const r of rows) {
    if (r.order_id === null) continue;
    const list = notes.get(r.order_id) ?? [];
    list.push({
      by: r.display_name ?? '',
      note: String((r.after as { note?: string } | null)?.note ?? ''),
      at: r.created_at.getTime(),
    });
    notes.set(r.order_id, list);
  }
  return notes;
}

/** The staff actions on one order, oldest first: notes and decisions with who and when. */
export async function orderActions(db: Db, orderId: number) {
  const rows = await opsDb(db)
    .selectFrom('staff_audit')
    .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
    .select(['staff_audit.action', 'staff_audit.after', 'staff_audit.created_at', 'staff.display_name'])
    .where('staff_audit.order_id', '=', orderId)
    .where('staff_audit.action', 'in', ['order.note', 'order.refund', 'order.confirm'])
    .orderBy('staff_audit.id', 'asc')
    .execute();
  return rows.map((r) => {
    const after = (r.after ?? {}) as { note?: string; reason?: string };
    return {
      action: r.action as StaffAction,
      by: r.display_name ?? '',
      text: String(r.action === 'order.note' ? (after.note ?? '') : (after.reason ?? '')),
      at: r.created_at.getTime(),
    };
  });
}
