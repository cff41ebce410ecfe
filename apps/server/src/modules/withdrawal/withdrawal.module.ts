import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { withdrawalRoutes } from './withdrawal.routes';
import type { WithdrawalDeps } from './withdrawal.service';
import { sweepWithdrawals } from './withdrawal.service';

/** Withdrawals: the calls, and the sweeper that pays reviewed requests out. */
export function withdrawalModule(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: WithdrawalDeps & { maskedRealName: (userId: number) => Promise<string>; sweepEveryMs: number },
): void {
  withdrawalRoutes(app, platform, deps);
  sweepEvery(app, deps.sweepEveryMs, 'withdrawals', async () => ({ paid: await sweepWithdrawals(deps) }));
}
