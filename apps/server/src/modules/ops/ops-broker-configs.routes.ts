import type { BrokerConfig } from '@app/protocol/calls/broker';
import { brokerConfigPayload, StaffAction } from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { brokerConfig, brokerConfigsForConsole, saveBrokerConfig } from '../broker/broker-config';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { writeAudit } from './staff-audit';

/** A channel's settings as the audit log keeps them: the coin types as their numbers. */
const auditedConfig = ({ goldTypes, ...rest }: BrokerConfig) => ({
  ...rest,
  goldTypes: goldTypes.map((g) => g.goldType),
});

const gameParams = z.object({ applicationId: z.string().min(1, 'AppId异常').max(64, 'AppId异常') });

/** 商人频道 (docs/decisions/0023-broker.md): each game's broker channel, set by an operator and audited. */
export function opsBrokerConfigRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/broker-configs', { config: { access: 'merchants' } }, async () =>
    ok(await brokerConfigsForConsole(deps.db)),
  );

  ops.post('/broker-configs/:applicationId', { config: { access: 'merchants' } }, async (request) => {
    const { applicationId } = parse(gameParams, request.params);
    const body = parse(brokerConfigPayload, request.body);
    const before = await brokerConfig(deps.db, applicationId);
    await saveBrokerConfig(deps.db, applicationId, body);
    const after = await brokerConfig(deps.db, applicationId);
    const me = staffOf(request);
    await writeAudit(deps.db, {
      staffId: me.id,
      action: StaffAction.BROKER_CONFIG,
      orderId: null,
      orderNo: null,
      before: auditedConfig(before),
      after: auditedConfig(after),
      ip: request.ip,
    });
    return ok(after);
  });
}
