import { StaffAction, supportClosePayload } from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { closeRequest, joinRequest, staffChatImage, staffChatLogin, waitingRequests } from '../support/support.service';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { resolveAsStaff, workbenchCase } from './ops-orders';
import { writeAudit } from './staff-audit';

const requestParams = z.object({ requestId: z.string().regex(/^\d{1,9}$/, '工单号不正确') });
const imageQuery = z.object({
  groupId: z.string().regex(/^g\d{1,12}$/, '会话不存在'),
  seq: z.coerce.number().int().min(1, '消息不存在').max(1e9, '消息不存在'),
});

/**
 * The customer-service workbench: the requests waiting for 客服, joining one's order chat (the staff
 * member's own chat login comes back with it), and closing it with a decision. A refund or a
 * confirmation is the audited resolution of a refused receipt; the join and the close are audited too.
 */
export function opsSupportRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/support', { config: { access: 'orders' } }, async () => ok({ list: await waitingRequests(deps.db) }));

  // The workbench beside the chat: the order, its timeline and the game's receipt (staff only, like every route here).
  ops.get('/support/:requestId/case', { config: { access: 'orders' } }, async (request) => {
    const { requestId } = parse(requestParams, request.params);
    return ok(await workbenchCase(deps, Number(requestId)));
  });

  ops.post('/support/:requestId/join', { config: { access: 'orders' } }, async (request) => {
    const { requestId } = parse(requestParams, request.params);
    const me = staffOf(request);
    const joined = await joinRequest(deps.support, { id: me.id, name: me.displayName }, Number(requestId));
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.SUPPORT_JOIN,
      orderId: null,
      orderNo: null,
      before: null,
      after: { requestId: Number(requestId), groupId: joined.groupId },
      ip: request.ip,
    });
    return ok({ ...joined, login: await staffChatLogin(deps.support, me.id, me.token) });
  });

  // A picture in a chat he is in (the buyer's evidence): the workbench shows it with the console session.
  ops.get('/support/chat-image', { config: { access: 'orders' } }, async (request) => {
    const { groupId, seq } = parse(imageQuery, request.query);
    return ok(await staffChatImage(deps.support, staffOf(request).id, groupId, seq));
  });

  // The workbench's chat login, asked over the console session (never handed over in its address).
  ops.post('/support/chat-login', { config: { access: 'orders' } }, async (request) => {
    const me = staffOf(request);
    return ok(await staffChatLogin(deps.support, me.id, me.token));
  });

  ops.post('/support/:requestId/close', { config: { access: 'orders' } }, async (request) => {
    const { requestId } = parse(requestParams, request.params);
    const body = parse(supportClosePayload, request.body);
    const me = staffOf(request);
    const closed = await closeRequest(
      deps.support,
      { id: me.id, name: me.displayName },
      Number(requestId),
      body.outcome,
      (orderId) => resolveAsStaff(deps, me, orderId, body.outcome as 'refund' | 'confirm', body.note, request.ip),
    );
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.SUPPORT_CLOSE,
      orderId: Number(closed.orderId),
      orderNo: null,
      before: null,
      after: { requestId: Number(requestId), outcome: body.outcome, note: body.note },
      ip: request.ip,
    });
    return ok(closed);
  });
}
