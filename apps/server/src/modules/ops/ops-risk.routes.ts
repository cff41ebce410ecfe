import { riskDecisionPayload, riskListQuery, riskSignalParams } from '@app/protocol/ops-risk';
import type { FastifyInstance } from 'fastify';
import { listSignals } from '../risk/risk.service';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { decideRiskAsStaff } from './ops-risk';

const access = { config: { access: 'risk' as const } };

/** 风控 (运营, 管理员): thin routes over the risk module's signals and ops-risk.ts. */
export function opsRiskRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const users = deps.users;
  if (!users) return;
  ops.get('/risk/signals', access, async (request) =>
    ok(await listSignals(deps.db, parse(riskListQuery, request.query))),
  );
  ops.post('/risk/signals/:signalId/decide', access, async (request) => {
    const { signalId } = parse(riskSignalParams, request.params);
    const decision = parse(riskDecisionPayload, request.body);
    return ok(await decideRiskAsStaff(users, staffOf(request), request.ip, Number(signalId), decision));
  });
}
