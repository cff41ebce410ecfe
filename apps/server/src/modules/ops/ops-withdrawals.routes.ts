import { StaffAction } from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { writeAudit } from './staff-audit';

const idParams = z.object({ id: z.coerce.number({ error: '提现记录不存在' }).int().positive('提现记录不存在') });
const refusal = z.object({ reason: z.string().trim().min(2, '请填写不通过的原因').max(100, '原因最多100字') });

/** 提现审核: the payouts above the threshold (and first payouts) wait here; each decision audited. */
export function opsWithdrawalRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const review = deps.withdrawals;
  if (!review) return;
  ops.get('/withdrawals/review', { config: { access: 'merchants' } }, async () => ok(await review.queue()));

  ops.post('/withdrawals/:id/approve', { config: { access: 'merchants' } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const me = staffOf(request);
    await review.approve(id, me.id);
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.WITHDRAWAL_APPROVE,
      after: { id },
      ip: request.ip,
    });
    return ok({ id, status: 'reviewing' });
  });

  ops.post('/withdrawals/:id/refuse', { config: { access: 'merchants' } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { reason } = parse(refusal, request.body);
    const me = staffOf(request);
    await review.refuse(id, me.id, reason);
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.WITHDRAWAL_REFUSE,
      after: { id, reason },
      ip: request.ip,
    });
    return ok({ id, status: 'refused' });
  });
}
