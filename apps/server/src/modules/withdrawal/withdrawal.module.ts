import { DEFAULT_WITHDRAWAL_CONFIG } from '@app/protocol/calls/withdrawal';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import type { IdentityHandle } from '../identity/identity.module';
import type { NoticesHandle } from '../notices/notices.module';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { type PayoutConfig, payoutChannelOf } from './payout-channel';
import { withdrawalRoutes } from './withdrawal.routes';
import type { WithdrawalDeps, WithdrawalSecurity } from './withdrawal.service';
import { hasPendingWithdrawal } from './withdrawal.service';
import { approveWithdrawal, refuseWithdrawal, sweepWithdrawals, withdrawalsInReview } from './withdrawal-payout';

/** Staff's review of the withdrawals that wait for it (the ops module's routes call these). */
export interface WithdrawalReview {
  queue: () => ReturnType<typeof withdrawalsInReview>;
  approve: (id: number, staffId: number) => Promise<unknown>;
  refuse: (id: number, staffId: number, reason: string) => Promise<void>;
}

/** Withdrawals: the calls, and the sweeper that pays reviewed requests out (returned for the test hooks). */
export function withdrawalModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    identity: IdentityHandle;
    config: PayoutConfig &
      Pick<Config, 'WITHDRAW_REVIEW_SECONDS' | 'SWEEP_MS' | 'WITHDRAW_REVIEW_ABOVE_FEN' | 'WITHDRAW_DAILY_FEN'>;
    notices?: NoticesHandle;
    /** A payout in review or being paid keeps the account open (registered here). */
    removal: RemovalChecks;
    /** The payment password and the security hold (paypin): the pay-password module's handle. */
    security: WithdrawalSecurity;
  },
): { sweep: (now: number) => Promise<number>; review: WithdrawalReview } {
  const { identity, config } = deps;
  const payout = payoutChannelOf(config);
  const withdrawals: WithdrawalDeps & { maskedRealName: (userId: number) => Promise<string> } = {
    db: deps.platform.db,
    pii: identity.pii,
    payout,
    realNameIs: identity.realNameIs,
    hasAuthentication: async (userId) => (await identity.status(userId)).hasAuthentication === '1',
    maskedRealName: async (userId) => (await identity.status(userId)).realName,
    reviewSeconds: config.WITHDRAW_REVIEW_SECONDS,
    security: deps.security,
    // A real channel's first payout of a user waits for staff (decision 0049). The sandbox pays no
    // real money and the console has no review screen yet (issue 34): there it would wait forever.
    reviewFirst: payout.name !== 'sandbox',
    config: {
      ...DEFAULT_WITHDRAWAL_CONFIG,
      reviewAbove: config.WITHDRAW_REVIEW_ABOVE_FEN,
      dailyAmount: config.WITHDRAW_DAILY_FEN,
    },
    notify: async (userId, kind, amountFen) => {
      await deps.notices?.notify(userId, { kind, subject: '提现', amount: amountFen });
    },
  };
  deps.removal.register('withdrawal', refuseWhile(hasPendingWithdrawal, '您有处理中的提现，请等待到账后再注销'));
  withdrawalRoutes(app, deps.platform, withdrawals);
  sweepEvery(app, config.SWEEP_MS, 'withdrawals', async () => ({ paid: await sweepWithdrawals(withdrawals) }));
  return {
    sweep: (now) => sweepWithdrawals(withdrawals, now),
    review: {
      queue: () => withdrawalsInReview(withdrawals),
      approve: (id, staffId) => approveWithdrawal(withdrawals, id, staffId),
      refuse: (id, staffId, reason) => refuseWithdrawal(withdrawals, id, staffId, reason),
    },
  };
}
