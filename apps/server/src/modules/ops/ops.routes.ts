import { auditQuery, orderNotePayload, resolvePayload } from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { closeDecidedRequest } from '../support/support.service';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { addOrderNote, refusedWithNotes, resolveAsStaff } from './ops-orders';
import { listAudit } from './staff-audit';

const orderParams = z.object({ orderId: z.string().regex(/^\d{1,9}$/, '订单号不正确') });

/**
 * The console's work: the orders whose receipt the buyer refused, notes on them, the decision on
 * each (refund or confirm, under the logged-in staff member's name), and the audit (操作日志).
 */
export function opsRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/orders/refused', { config: { access: 'orders' } }, async () => ok({ list: await refusedWithNotes(deps) }));

  ops.post('/orders/:orderId/notes', { config: { access: 'orders' } }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const { note } = parse(orderNotePayload, request.body);
    return ok(await addOrderNote(deps, staffOf(request), Number(orderId), note, request.ip));
  });

  ops.post('/orders/:orderId/resolve', { config: { access: 'orders' } }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const body = parse(resolvePayload, request.body);
    const me = staffOf(request);
    await resolveAsStaff(deps, me, Number(orderId), body.decision, body.note, request.ip);
    await closeDecidedRequest(deps.support, { id: me.id, name: me.displayName }, Number(orderId), body.decision);
    request.log.info({ orderId, decision: body.decision, staffId: me.id }, 'refused receipt resolved');
    return ok({ orderId, decision: body.decision });
  });

  ops.get('/audit', { config: { access: 'audit' } }, async (request) =>
    ok(await listAudit(deps.db, parse(auditQuery, request.query))),
  );
}
