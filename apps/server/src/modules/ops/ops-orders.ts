import { StaffAction, type WorkbenchCase, type WorkbenchStep } from '@app/protocol/ops';
import { caseRefOf } from '@app/protocol/refused-cases';
import type { RefusedCases } from '../casework/refused-cases';
import { orderForCase, orderReference, type Resolution, refusedReceipts } from '../orders/customer-service';
import type { OrderDeps } from '../orders/order.service';
import { requestById, requestsOfOrder } from '../support/support.service';
import { decideCase } from './ops-cases';
import { orderActions, orderNotes, writeAudit } from './staff-audit';
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

/** A refused receipt decided by a staff member: the one audited decision of the console's cases. */
export async function resolveAsStaff(
  deps: OrderDeps & { cases: RefusedCases },
  me: StaffPrincipal,
  orderId: number,
  decision: Resolution,
  note: string,
  ip: string,
) {
  await decideCase(deps, me, caseRefOf('order', orderId), decision, note, ip);
}

const SIDE = { buyer: '买家', seller: '卖家' } as const;
const OUTCOME = { refund: '退款给买家', confirm: '确认收货', close: '结束工单，订单状态不变' } as const;
const DECISION: Partial<Record<StaffAction, string>> = {
  [StaffAction.ORDER_NOTE]: '客服备注',
  [StaffAction.ORDER_REFUND]: '客服退款',
  [StaffAction.ORDER_CONFIRM]: '客服确认收货',
};

/**
 * What 客服 sees beside the chat of a request: the order, the game's signed receipt, and one
 * timeline of the order's moves, every 客服 request on it (asked, joined, closed) and the staff's
 * notes and decisions, oldest first.
 */
export async function workbenchCase(deps: OrderDeps, requestId: number): Promise<WorkbenchCase> {
  const request = await requestById(deps.db, requestId);
  const [{ order, receipt, steps }, requests, actions] = await Promise.all([
    orderForCase(deps, request.order_id),
    requestsOfOrder(deps.db, request.order_id),
    orderActions(deps.db, request.order_id),
  ]);
  const timeline: WorkbenchStep[] = steps.map((s) => ({ ...s, by: 'system' }));
  for (const r of requests) {
    timeline.push({
      at: r.created_at.getTime(),
      label: `${SIDE[r.asked_by]}申请客服`,
      detail: r.reason,
      by: r.asked_by,
    });
    if (r.joined_at)
      timeline.push({ at: r.joined_at.getTime(), label: '客服接入', detail: r.staff_name ?? '', by: 'staff' });
    if (r.closed_at)
      timeline.push({
        at: r.closed_at.getTime(),
        label: '工单结束',
        detail: `${r.staff_name ?? ''}：${r.outcome ? OUTCOME[r.outcome] : ''}`,
        by: 'staff',
      });
  }
  for (const a of actions)
    timeline.push({ at: a.at, label: DECISION[a.action] ?? a.action, detail: `${a.by}：${a.text}`, by: 'staff' });
  timeline.sort((a, b) => a.at - b.at);
  return {
    request: {
      id: String(request.id),
      status: request.status,
      reason: request.reason,
      askedBy: request.asked_by,
      staffName: request.staff_name,
      outcome: request.outcome,
      createdAt: request.created_at.getTime(),
    },
    order,
    receipt,
    timeline,
  };
}
