import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { IdentityHandle } from '../identity/identity.module';
import type { NoticesHandle } from '../notices/notices.module';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { createSandboxPayout, createUnavailablePayout } from './payout-provider';
import { withdrawalRoutes } from './withdrawal.routes';
import type { WithdrawalDeps } from './withdrawal.service';
import { hasPendingWithdrawal, sweepWithdrawals } from './withdrawal.service';

/** Withdrawals: the calls, and the sweeper that pays reviewed requests out (returned for the test hooks). */
export function withdrawalModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    identity: IdentityHandle;
    config: Pick<Config, 'APP_ENV' | 'WITHDRAW_REVIEW_SECONDS' | 'SWEEP_MS'>;
    notices?: NoticesHandle;
    /** A payout in review or being paid keeps the account open (registered here). */
    removal: RemovalChecks;
  },
): { sweep: (now: number) => Promise<number> } {
  const { identity, config } = deps;
  const withdrawals: WithdrawalDeps & { maskedRealName: (userId: number) => Promise<string> } = {
    db: deps.platform.db,
    pii: identity.pii,
    // No real payout channel is integrated yet: production takes no withdrawal rather than run the sandbox.
    payout: config.APP_ENV === 'production' ? createUnavailablePayout() : createSandboxPayout(),
    realNameIs: identity.realNameIs,
    hasAuthentication: async (userId) => (await identity.status(userId)).hasAuthentication === '1',
    maskedRealName: async (userId) => (await identity.status(userId)).realName,
    reviewSeconds: config.WITHDRAW_REVIEW_SECONDS,
    notify: async (userId, kind, amountFen) => {
      await deps.notices?.notify(userId, { kind, subject: '提现', amount: amountFen });
    },
  };
  deps.removal.register('withdrawal', refuseWhile(hasPendingWithdrawal, '您有处理中的提现，请等待到账后再注销'));
  withdrawalRoutes(app, deps.platform, withdrawals);
  sweepEvery(app, config.SWEEP_MS, 'withdrawals', async () => ({ paid: await sweepWithdrawals(withdrawals) }));
  return { sweep: (now) => sweepWithdrawals(withdrawals, now) };
}
