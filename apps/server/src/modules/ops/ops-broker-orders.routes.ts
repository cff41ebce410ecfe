import { resolvePayload, StaffAction } from '@app/protocol/ops';
import { caseRefOf } from '@app/protocol/refused-cases';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type BrokerOrderRow, refusedBrokerOrders } from '../broker/broker-order.queries';
import { brokerOrderForService, joinBrokerOrderChat } from '../broker/broker-order-chat-service';
import { staffChatLogin } from '../support/support.service';
import type { OpsDeps } from './ops.module';
import { decideCase } from './ops-cases';
import { ok, parse, staffOf } from './ops-http';
import { writeAudit } from './staff-audit';

/** A broker order as the console shows it (its card in 商人订单 and on the workbench). */
const consoleBrokerOrder = (r: BrokerOrderRow) => ({
  orderId: String(r.id),
  orderNo: r.order_no,
  status: r.status,
  applicationId: r.application_id,
  serverName: r.server_name,
  goldName: r.gold_name,
  quantity: Number(r.quantity),
  totalAmount: Number(r.total_fen),
  buyerUserId: String(r.buyer_user_id),
  merchantUserId: String(r.seller_user_id),
  receipt: r.receipt,
  delivery: r.delivery,
  deliverFrom: r.from_role_id
    ? { roleName: r.from_role_name ?? '', serverName: r.from_server_name ?? r.server_name }
    : null,
  deliveringTime: r.delivering_at ? Math.floor(r.delivering_at.getTime() / 1000) : null,
  tradeCsTime: r.trade_cs_at ? Math.floor(r.trade_cs_at.getTime() / 1000) : null,
  note: r.note,
  payTime: r.paid_at ? Math.floor(r.paid_at.getTime() / 1000) : null,
  deliverBefore: r.deliver_before ? Math.floor(r.deliver_before.getTime() / 1000) : null,
  updateTime: Math.floor(r.updated_at.getTime() / 1000),
});

const orderParams = z.object({ orderId: z.string().regex(/^\d{1,9}$/, '订单号不正确') });

/**
 * 商人订单的客服处理 (docs/decisions/0023-broker.md "Orders"): the refused broker orders and the paid
 * ones past the merchant's promise, the in-game trades never reported whose buyer asked, and
 * customer service's audited decision on each: refund (-121, the money back to the buyer) or, for a
 * refusal, confirm (112), for a trade never reported, record it delivered (107). Staff join such an
 * order's chat as 客服 (进入会话) and read it beside the chat on the workbench.
 */
export function opsBrokerOrderRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const brokerDeps = deps.brokerOrders ?? { db: deps.db, gateway: deps.gateway };
  ops.get('/broker-orders/refused', { config: { access: 'orders' } }, async () =>
    ok({ list: (await refusedBrokerOrders(deps.db)).map(consoleBrokerOrder) }),
  );

  // The workbench beside the order's chat: the order as its console card shows it.
  ops.get('/broker-orders/:orderId', { config: { access: 'orders' } }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    return ok(consoleBrokerOrder(await brokerOrderForService(deps.db, Number(orderId))));
  });

  // 进入会话: the staff member joins the order's chat as 客服 (his chat login comes back with it), audited.
  ops.post('/broker-orders/:orderId/join', { config: { access: 'orders' } }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const me = staffOf(request);
    const joined = await joinBrokerOrderChat(brokerDeps, Number(orderId), { id: me.id, name: me.displayName });
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.BROKER_ORDER_JOIN,
      orderId: null,
      orderNo: joined.orderNo,
      before: null,
      after: { brokerOrderId: Number(orderId), groupId: joined.groupId },
      ip: request.ip,
    });
    return ok({ groupId: joined.groupId, login: await staffChatLogin(deps.support, me.id, me.token) });
  });

  // The decision, through the console's one decision on cases (ops-cases.ts), answered as before.
  ops.post('/broker-orders/:orderId/resolve', { config: { access: 'orders' } }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const body = parse(resolvePayload, request.body);
    const me = staffOf(request);
    const change = await decideCase(deps, me, caseRefOf('broker', orderId), body.decision, body.note, request.ip);
    return ok({ orderId: String(change.orderId), status: change.after.status });
  });
}
