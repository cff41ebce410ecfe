import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { expectCode, productionWithdrawal, useTestApp } from './helpers';
import { productionSettings } from './production-env';

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return '(started)';
};

describe('production takes withdrawals once a payout channel is configured', () => {
  it('never demands a channel; a chosen one without its keys is named', () => {
    const full: Record<string, string> = { APP_ENV: 'production', ...productionSettings() };
    expect(refusal(full)).toBe('(started)');
    expect(refusal({ ...full, PAYOUT_CHANNEL: 'alipay' })).toBe('(started)');
    const { ALIPAY_APP_ID: _a, ALIPAY_PRIVATE_KEY: _b, ALIPAY_PUBLIC_KEY: _c, ...noAlipay } = full;
    const wechatPay = {
      WECHAT_MCH_ID: '1900000001',
      WECHAT_APP_ID: 'wx1',
      WECHAT_SERIAL_NO: 'S1',
      WECHAT_PRIVATE_KEY: 'k',
      WECHAT_PLATFORM_PUBLIC_KEY: 'p',
      WECHAT_API_V3_KEY: 'a'.repeat(32),
    };
    expect(refusal({ ...noAlipay, ...wechatPay })).toBe('(started)');
    expect(refusal({ ...noAlipay, ...wechatPay, PAYOUT_CHANNEL: 'alipay' })).toContain(
      'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY: PAYOUT_CHANNEL=alipay pays withdrawals',
    );
    // WeChat 商家转账 needs its 转账场景 and the app whose openids it pays, beside the WeChat Pay keys.
    expect(refusal({ ...full, PAYOUT_CHANNEL: 'alipay,wechat' })).toContain(
      'WECHAT_MCH_ID, WECHAT_APP_ID, WECHAT_SERIAL_NO, WECHAT_PRIVATE_KEY, WECHAT_PLATFORM_PUBLIC_KEY, WECHAT_API_V3_KEY, WECHAT_TRANSFER_SCENE_ID, WECHAT_PAYOUT_APP_ID or LOGIN_WX_APP_ID: PAYOUT_CHANNEL=wechat',
    );
    expect(refusal({ ...full, ...wechatPay, PAYOUT_CHANNEL: 'wechat', LOGIN_WX_APP_ID: 'wxweb1' })).toContain(
      'WECHAT_TRANSFER_SCENE_ID: PAYOUT_CHANNEL=wechat',
    );
    expect(
      refusal({
        ...full,
        ...wechatPay,
        PAYOUT_CHANNEL: 'wechat',
        WECHAT_TRANSFER_SCENE_ID: '1005',
        WECHAT_PAYOUT_APP_ID: 'wxapp1',
      }),
    ).toBe('(started)');
    expect(refusal({ ...full, PAYOUT_CHANNEL: 'bank' })).toContain('PAYOUT_CHANNEL');
  });

  const t = useTestApp({ APP_ENV: 'production', PAYOUT_CHANNEL: 'alipay' });
  it('with PAYOUT_CHANNEL=alipay the request passes the channel check and meets the real-name rule', async () => {
    expectCode(await productionWithdrawal(t, '99990002', '13800009998'), '10002', '请先完成实名认证');
  });
});
