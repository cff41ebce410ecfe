import { StaffAction } from '@app/protocol/ops';
import { orderReference, type Resolution, refusedReceipts, resolveRefusedReceipt } from '../orders/customer-service';
import type { OrderDeps } from '../orders/order.service';
import { orderNotes, writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * Customer service's work on orders, done through the orders module's service; the console's own
 * part (notes, the audit row of each decision) lives in the ops tables, the decision's audit row
 * in the decision's own transaction.
 */
export async function refusedWithNotes(deps: OrderDeps) {
  const list = await refusedReceipts(deps);
  const notes = await orderNotes(
    deps.db,
    list.map((o) => Number(o.orderId)),
  );
  return list.map((o) => ({ ...o, staffNotes: notes.get(Number(o.orderId)) ?? [] }));
}

export async function addOrderNote(deps: OrderDeps, me: StaffPrincipal, orderId: number, note: string, ip: string) {
  const order = await orderReference(deps, orderId);
  await writeAudit(deps.db, {
    staffId: me.id,
    action: StaffAction.ORDER_NOTE,
    orderId: order.orderId,
    orderNo: order.orderNo,
    before: null,
    after: { note, status: order.status },
    ip,
  });
  return { by: me.displayName, note, at: Date.now() };
}

export async function resolveAsStaff(
  deps: OrderDeps,
  me: StaffPrincipal,
  orderId: number,
  decision: Resolution,
  note: string,
  ip: string,
) {
  await resolveRefusedReceipt(deps, orderId, decision, me.displayName, note, (trx, change) =>
    writeAudit(trx, {
      staffId: me.id,
      action: decision === 'refund' ? StaffAction.ORDER_REFUND : StaffAction.ORDER_CONFIRM,
      orderId: change.orderId,
      orderNo: change.orderNo,
      before: change.before,
      after: { ...change.after, reason: note },
      ip,
    }),
  );
}
