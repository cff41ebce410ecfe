import { MERCHANT_STATUSES } from '@app/protocol/calls/broker';
import { merchantDecisionPayload, StaffAction } from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decideMerchant, merchantsForConsole } from '../broker/merchant.service';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { writeAudit } from './staff-audit';

const merchantParams = z.object({ merchantId: z.string().regex(/^\d{1,9}$/, '商人编号不正确') });
const listQuery = z.object({ status: z.enum(MERCHANT_STATUSES).optional() });

/** 商人审核 (docs/decisions/0023-broker.md): the applications and merchants, and the audited decisions on them. */
export function opsMerchantRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/merchants', { config: { access: 'merchants' } }, async (request) => {
    const { status } = parse(listQuery, request.query);
    const rows = await merchantsForConsole(deps.db, status);
    return ok({
      list: rows.map((r) => ({
        merchantId: String(r.id),
        userId: String(r.user_id),
        applicationId: r.application_id,
        shopName: r.shop_name,
        status: r.status,
        creditFen: Number(r.credit_fen),
        note: r.note,
        decidedBy: r.decided_by,
        createTime: Math.floor(r.created_at.getTime() / 1000),
      })),
    });
  });

  ops.post('/merchants/:merchantId/decide', { config: { access: 'merchants' } }, async (request) => {
    const { merchantId } = parse(merchantParams, request.params);
    const body = parse(merchantDecisionPayload, request.body);
    const me = staffOf(request);
    const { before, after } = await decideMerchant(deps.db, me.displayName, Number(merchantId), body.decision, {
      ...(body.creditFen !== undefined ? { creditFen: body.creditFen } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
    });
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.MERCHANT_DECIDE,
      orderId: null,
      orderNo: null,
      before: { merchantId: before.id, status: before.status, creditFen: Number(before.credit_fen) },
      after: { merchantId: after.id, status: after.status, creditFen: Number(after.credit_fen), note: after.note },
      ip: request.ip,
    });
    return ok({ merchantId: String(after.id), status: after.status });
  });
}
