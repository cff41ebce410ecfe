import type { Config } from '../../config';
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
