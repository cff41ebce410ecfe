import { DEFAULT_WITHDRAWAL_CONFIG } from '@app/protocol/calls/withdrawal';
import type { ProviderReconciler, WithdrawalQueueQuery } from '@app/protocol/ops-money';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { metricsOf } from '../../platform/metrics/metrics';
import type { IdentityHandle } from '../identity/identity.module';
import type { NoticesHandle } from '../notices/notices.module';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import { wechatOpenIdOf } from '../user/user.queries';
import { type PayoutConfig, payoutChannelsOf } from './payout-channel';
import { transferNoticeRoute } from './transfer-notice.routes';
import { withdrawalRoutes } from './withdrawal.routes';
import type { WithdrawalDeps, WithdrawalSecurity } from './withdrawal.service';
import { hasPendingWithdrawal } from './withdrawal.service';
import { sweepWithdrawals } from './withdrawal-payout';
import { reconcilePayouts } from './withdrawal-reconcile';
import { approveReviewed, type DecisionAudit, type ReviewRow, refuseReviewed, reviewQueue } from './withdrawal-review';

/** Staff's review of the withdrawals (the ops module's money routes call these); each decision audited in its transaction. */
export interface WithdrawalReview {
  queue: (query: WithdrawalQueueQuery) => Promise<{ list: ReviewRow[]; total: number }>;
  approve: (id: number, staffId: number, audit: DecisionAudit) => Promise<{ id: number; status: 'reviewing' }>;
  refuse: (
    id: number,
    staffId: number,
    reason: string,
    audit: DecisionAudit,
  ) => Promise<{ id: number; status: 'refused' }>;
}

/** One day's payouts against the payout channel's records (the console's 对账; `npm run payouts:reconcile` too). */
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
    /** The payment password and the security hold: the pay-password module's handle. */
    security: WithdrawalSecurity;
  },
): { sweep: (now: number) => Promise<number>; review: WithdrawalReview; reconcilers: ProviderReconciler[] } {
  const { identity, config } = deps;
  const flaggedBySecurityChange = async (userId: number) => (await deps.security.withdrawalHeldUntil(userId)) !== null;
  const payouts = payoutChannelsOf(config, metricsOf(app));
  const withdrawals: WithdrawalDeps & { maskedRealName: (userId: number) => Promise<string> } = {
    db: deps.platform.db,
    pii: identity.pii,
    payouts,
    // The payee of a WeChat payout: the user's openid under the payout app (the user module keeps it).
    wechatPayeeOf: (userId) => wechatOpenIdOf(deps.platform.db, userId, payouts.wechatAppId),
    realNameIs: identity.realNameIs,
    hasAuthentication: async (userId) => (await identity.status(userId)).hasAuthentication === '1',
    maskedRealName: async (userId) => (await identity.status(userId)).realName,
    reviewSeconds: config.WITHDRAW_REVIEW_SECONDS,
    security: deps.security,
    // A real channel's first payout of a user waits for staff (decision 0049). The sandbox pays no
    // real money and the console has no review screen yet (issue 34): there it would wait forever.
    reviewFirst: payouts.all.some((p) => p.name !== 'sandbox'),
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
  if (payouts.wechatNotice) transferNoticeRoute(app, withdrawals, payouts.wechatNotice);
  sweepEvery(app, config.SWEEP_MS, 'withdrawals', async () => ({ paid: await sweepWithdrawals(withdrawals) }));
  return {
    sweep: (now) => sweepWithdrawals(withdrawals, now),
    review: {
      // A recent security change of the user (the hold) is shown to staff as 近期安全变更.
      queue: (query) => reviewQueue({ ...withdrawals, flagged: flaggedBySecurityChange }, query),
      approve: (id, staffId, audit) => approveReviewed(withdrawals, id, staffId, audit),
      refuse: (id, staffId, reason, audit) => refuseReviewed(withdrawals, id, staffId, reason, audit),
    },
    // One reconciliation per open channel, each against its own provider's records.
    reconcilers: payouts.all.map((payout) => ({
      provider: payout.name,
      run: async (day: string) => {
        const { checked, matched, lines } = await reconcilePayouts(withdrawals.db, payout, day);
        const mismatches = lines.map((l) => ({
          ref: String(l.withdrawalId),
          number: l.outBizNo,
          ours: l.ours,
          theirs: l.theirs,
          problem: l.problem,
        }));
        return { checked, matched, mismatches };
      },
    })),
  };
}
