import type { Config } from '../../config';
import type { Metrics } from '../../platform/metrics/metrics';
import { createAlipayPayout } from './alipay-payout';
import { createSandboxPayout, createUnavailablePayout, type PayoutProvider } from './payout-provider';

export type PayoutConfig = Pick<
  Config,
  | 'APP_ENV'
  | 'PAYOUT_CHANNEL'
  | 'PAYOUT_TIMEOUT_MS'
  | 'ALIPAY_APP_ID'
  | 'ALIPAY_PRIVATE_KEY'
  | 'ALIPAY_PUBLIC_KEY'
  | 'ALIPAY_GATEWAY'
>;

/**
 * The payout channel: Alipay 单笔转账 when PAYOUT_CHANNEL=alipay (its keys are the payment app's,
 * production refuses to start without them); else the sandbox, and in production none (withdrawals
 * refused with 提现通道暂未开通, balances intact).
 */
export function payoutChannelOf(config: PayoutConfig): PayoutProvider {
  if (
    config.PAYOUT_CHANNEL === 'alipay' &&
    config.ALIPAY_APP_ID &&
    config.ALIPAY_PRIVATE_KEY &&
    config.ALIPAY_PUBLIC_KEY
  )
    return createAlipayPayout({
      appId: config.ALIPAY_APP_ID,
      privateKey: config.ALIPAY_PRIVATE_KEY,
      alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
      gateway: config.ALIPAY_GATEWAY,
      timeoutMs: config.PAYOUT_TIMEOUT_MS,
    });
  return config.APP_ENV === 'production' ? createUnavailablePayout() : createSandboxPayout();
}

/**
 * The provider with its answers counted (metrics): each pay and query by channel and the state it
 * answered (paid, refused, pending, confirming, unknown, absent), and a throw as `error`.
 */
export function measuredPayout(provider: PayoutProvider, metrics: Metrics): PayoutProvider {
  const answers = metrics.counter({
    name: 'payout_answers_total',
    help: 'Payout provider answers by channel, call and state',
    labelNames: ['channel', 'call', 'state'] as const,
  });
  const counted =
    <A extends unknown[], R extends { state: string }>(call: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const answer = await run(...args);
        answers.inc({ channel: provider.name, call, state: answer.state });
        return answer;
      } catch (error) {
        answers.inc({ channel: provider.name, call, state: 'error' });
        throw error;
      }
    };
  // Providers are plain objects (their factories' literals): the copy keeps name, available, confirmWith.
  return {
    ...provider,
    pay: counted('pay', provider.pay.bind(provider)),
    query: counted('query', provider.query.bind(provider)),
  };
}
