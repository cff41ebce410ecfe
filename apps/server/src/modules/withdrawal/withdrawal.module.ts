import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
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
  if (deps.sweepEveryMs <= 0) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const paid = await sweepWithdrawals(deps);
      if (paid > 0) app.log.info({ paid }, 'withdrawals paid out');
    } catch (error) {
      app.log.warn({ err: error }, 'withdrawal sweep failed');
    } finally {
      running = false;
    }
  }, deps.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
