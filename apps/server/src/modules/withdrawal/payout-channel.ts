import type { WithdrawalAccountType } from '@app/protocol/calls/withdrawal';
import type { Config } from '../../config';
import type { Metrics } from '../../platform/metrics/metrics';
import { createAlipayPayout } from './alipay-payout';
import { createSandboxPayout, createUnavailablePayout, type PayoutProvider } from './payout-provider';
import { createWechatPayout } from './wechat-payout';

export type PayoutConfig = Pick<
  Config,
  | 'APP_ENV'
  | 'PAYOUT_CHANNEL'
  | 'PAYOUT_TIMEOUT_MS'
  | 'ALIPAY_APP_ID'
  | 'ALIPAY_PRIVATE_KEY'
  | 'ALIPAY_PUBLIC_KEY'
  | 'ALIPAY_GATEWAY'
  | 'WECHAT_MCH_ID'
  | 'WECHAT_SERIAL_NO'
  | 'WECHAT_PRIVATE_KEY'
  | 'WECHAT_PLATFORM_PUBLIC_KEY'
  | 'WECHAT_PLATFORM_SERIAL'
  | 'WECHAT_API_V3_KEY'
  | 'WECHAT_PAY_BASE_URL'
  | 'WECHAT_TRANSFER_SCENE_ID'
  | 'WECHAT_TRANSFER_SCENE_REPORT'
  | 'WECHAT_PAYOUT_APP_ID'
  | 'LOGIN_WX_APP_ID'
  | 'PUBLIC_BASE_URL'
>;

/** A verified 商家转账 notification's bill number, or null for a forged, stale or foreign one. */
export type TransferNoticeCheck = (
  headers: Record<string, string | string[] | undefined>,
  body: string,
) => { outBizNo: string } | null;

/**
 * The payout channels of withdrawals, by where the money goes (docs/decisions/0067): 支付宝 through
 * Alipay 单笔转账, 微信零钱 through WeChat Pay 商家转账. A withdrawal row names its provider, and
 * each provider's rows are swept, queried and reconciled by that provider alone.
 */
export interface PayoutChannels {
  /** The channel paying this account type, or null where none is open (提现通道暂未开通). */
  of(type: WithdrawalAccountType): PayoutProvider | null;
  /** The channel a withdrawal row names. */
  byName(name: string): PayoutProvider | undefined;
  /** Each open provider once (the sandbox serves both types). */
  readonly all: readonly PayoutProvider[];
  /** The WeChat app whose openid a WeChat payout pays (null: the sandbox's WeChat, its own subject). */
  readonly wechatAppId: string | null;
  /** The real WeChat channel's notification check (POST /pay/notify/wechat-transfer). */
  readonly wechatNotice: TransferNoticeCheck | null;
}

export function payoutChannels(
  channels: Partial<Record<WithdrawalAccountType, PayoutProvider>>,
  wechat: { appId: string | null; notice: TransferNoticeCheck | null } = { appId: null, notice: null },
): PayoutChannels {
  const open = [channels.alipay, channels.wechat].filter(
    (p): p is PayoutProvider => p !== undefined && p.available !== false,
  );
  const all = [...new Set(open)];
  return {
    of: (type) => channels[type] ?? null,
    byName: (name) => all.find((p) => p.name === name),
    all,
    wechatAppId: wechat.appId,
    wechatNotice: wechat.notice,
  };
}

/**
 * The configured channels (PAYOUT_CHANNEL; production refuses to start without their keys). With
 * none configured: the sandbox for both types, and in production none (withdrawals refused with
 * 提现通道暂未开通, balances intact). Each provider's answers are counted (metrics).
 */
export function payoutChannelsOf(config: PayoutConfig, metrics?: Metrics): PayoutChannels {
  const answers = metrics ? payoutAnswers(metrics) : null;
  const measured = (p: PayoutProvider) => (answers ? measuredPayout(p, answers) : p);
  const wanted = new Set(config.PAYOUT_CHANNEL);
  const alipay =
    wanted.has('alipay') && config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY
      ? createAlipayPayout({
          appId: config.ALIPAY_APP_ID,
          privateKey: config.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
          gateway: config.ALIPAY_GATEWAY,
          timeoutMs: config.PAYOUT_TIMEOUT_MS,
        })
      : null;
  const appId = config.WECHAT_PAYOUT_APP_ID ?? config.LOGIN_WX_APP_ID;
  const wechat =
    wanted.has('wechat') &&
    config.WECHAT_MCH_ID &&
    config.WECHAT_SERIAL_NO &&
    config.WECHAT_PRIVATE_KEY &&
    config.WECHAT_PLATFORM_PUBLIC_KEY &&
    config.WECHAT_API_V3_KEY &&
    config.WECHAT_TRANSFER_SCENE_ID &&
    appId
      ? createWechatPayout({
          mchId: config.WECHAT_MCH_ID,
          appId,
          serialNo: config.WECHAT_SERIAL_NO,
          privateKey: config.WECHAT_PRIVATE_KEY,
          platformPublicKey: config.WECHAT_PLATFORM_PUBLIC_KEY,
          platformSerial: config.WECHAT_PLATFORM_SERIAL ?? '',
          apiV3Key: config.WECHAT_API_V3_KEY,
          sceneId: config.WECHAT_TRANSFER_SCENE_ID,
          sceneReport: config.WECHAT_TRANSFER_SCENE_REPORT,
          notifyUrl: `${(config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '')}/pay/notify/wechat-transfer`,
          baseUrl: config.WECHAT_PAY_BASE_URL,
          timeoutMs: config.PAYOUT_TIMEOUT_MS,
        })
      : null;
  if (alipay || wechat)
    return payoutChannels(
      { ...(alipay ? { alipay: measured(alipay) } : {}), ...(wechat ? { wechat: measured(wechat) } : {}) },
      { appId: appId ?? null, notice: wechat ? wechat.verifyNotice : null },
    );
  if (config.APP_ENV === 'production') return payoutChannels({ alipay: createUnavailablePayout() });
  const sandbox = measured(createSandboxPayout());
  return payoutChannels({ alipay: sandbox, wechat: sandbox });
}

/** Payout provider answers by channel, call and state (one counter for every channel). */
const payoutAnswers = (metrics: Metrics) =>
  metrics.counter({
    name: 'payout_answers_total',
    help: 'Payout provider answers by channel, call and state',
    labelNames: ['channel', 'call', 'state'] as const,
  });

/**
 * The provider with its answers counted: each pay and query by channel and the state it answered
 * (paid, refused, pending, confirming, unknown, absent), and a throw as `error`.
 */
function measuredPayout(provider: PayoutProvider, answers: ReturnType<typeof payoutAnswers>): PayoutProvider {
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
