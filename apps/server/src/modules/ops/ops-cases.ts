import { resolvePayload, StaffAction } from '@app/protocol/ops';
import {
  type CaseDecided,
  type CaseDecision,
  caseParams,
  type RefusedCase,
  refusedCasesQuery,
} from '@app/protocol/refused-cases';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { CaseChange, RefusedCases } from '../casework/refused-cases';
import { closeDecidedRequest, type SupportDeps } from '../support/support.service';
import { ok, parse, staffOf } from './ops-http';
import { orderNotes, writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/*
 * 拒绝收货 and its kin across both order machineries (the exchange's refused receipts, the broker's
 * refused, late or never-reported orders): one list, one card, one audited decision, through the
 * RefusedCases port each domain registers into at composition.
 */

/** The exchange's cards carry staff's internal notes (the console's own, in the audit). */
async function withNotes(db: Db, cases: RefusedCase[]): Promise<RefusedCase[]> {
  const ids = cases.filter((c) => c.staffNotes !== null).map((c) => Number(c.orderId));
  const notes = await orderNotes(db, ids);
  return cases.map((c) => (c.staffNotes === null ? c : { ...c, staffNotes: notes.get(Number(c.orderId)) ?? [] }));
}

/**
 * A staff member's decision on a case, its audit row written in the decision's transaction: the
 * exchange's as order.refund / order.confirm on the order, the broker's as brokerOrder.decide.
 */
export function decideCase(
  deps: { db: Db; cases: RefusedCases },
  me: StaffPrincipal,
  caseRef: string,
  decision: CaseDecision,
  note: string,
  ip: string,
): Promise<CaseChange> {
  return deps.cases.decide(caseRef, decision, { name: me.displayName, note }, (trx, change, domain) =>
    writeAudit(trx as Db, {
      staffId: me.id,
      ...(domain === 'order'
        ? {
            action: decision === 'refund' ? StaffAction.ORDER_REFUND : StaffAction.ORDER_CONFIRM,
            orderId: change.orderId,
            before: change.before,
            after: { ...change.after, reason: note },
          }
        : {
            action: StaffAction.BROKER_ORDER_DECIDE,
            orderId: null,
            before: { brokerOrderId: change.orderId, ...change.before },
            after: { ...change.after, orderNote: change.after.note, decision, note },
          }),
      orderNo: change.orderNo,
      ip,
    }),
  );
}

/** GET /cases (list, page, query), GET /cases/:caseRef (one card, also once decided), POST /cases/:caseRef/decide. */
export function opsCaseRoutes(ops: FastifyInstance, deps: { db: Db; cases: RefusedCases; support: SupportDeps }): void {
  ops.get('/cases', { config: { access: 'orders' } }, async (request) => {
    const page = await deps.cases.list(parse(refusedCasesQuery, request.query));
    return ok({ ...page, list: await withNotes(deps.db, page.list) });
  });

  ops.get('/cases/:caseRef', { config: { access: 'orders' } }, async (request) => {
    const { caseRef } = parse(caseParams, request.params);
    const [one] = await withNotes(deps.db, [await deps.cases.one(caseRef)]);
    return ok(one);
  });

  ops.post('/cases/:caseRef/decide', { config: { access: 'orders' } }, async (request) => {
    const { caseRef } = parse(caseParams, request.params);
    const body = parse(resolvePayload, request.body);
    const me = staffOf(request);
    const change = await decideCase(deps, me, caseRef, body.decision, body.note, request.ip);
    if (caseRef.startsWith('order-'))
      await closeDecidedRequest(deps.support, { id: me.id, name: me.displayName }, change.orderId, body.decision);
    request.log.info({ caseRef, decision: body.decision, staffId: me.id }, 'case decided');
    const [after] = await withNotes(deps.db, [await deps.cases.one(caseRef)]);
    const answer: CaseDecided = { case: after!, decision: body.decision };
    return ok(answer);
  });
}
