import type { Config } from '../../config';
import { createAlipayGateway } from './alipay-gateway';
import type { PayGateway } from './pay-gateway';
import { createWechatGateway } from './wechat-gateway';

/** The real gateways whose keys are configured (notifications need PUBLIC_BASE_URL to reach us). */
export function realPayGateways(config: Config): { alipay: PayGateway | null; wechat: PayGateway | null } {
  const base = (config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '');
  const alipay =
    config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY
      ? createAlipayGateway({
          appId: config.ALIPAY_APP_ID,
          privateKey: config.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
          sellerId: config.ALIPAY_SELLER_ID,
          notifyUrl: `${base}/pay/notify/alipay`,
          gateway: config.ALIPAY_GATEWAY,
          timeoutMs: config.REFUND_TIMEOUT_MS,
        })
      : null;
  const wechat =
    config.WECHAT_MCH_ID &&
    config.WECHAT_APP_ID &&
    config.WECHAT_SERIAL_NO &&
    config.WECHAT_PRIVATE_KEY &&
    config.WECHAT_PLATFORM_PUBLIC_KEY &&
    config.WECHAT_API_V3_KEY
      ? createWechatGateway({
          mchId: config.WECHAT_MCH_ID,
          appId: config.WECHAT_APP_ID,
          serialNo: config.WECHAT_SERIAL_NO,
          privateKey: config.WECHAT_PRIVATE_KEY,
          platformPublicKey: config.WECHAT_PLATFORM_PUBLIC_KEY,
          apiV3Key: config.WECHAT_API_V3_KEY,
          notifyUrl: `${base}/pay/notify/wechat`,
          refundNotifyUrl: `${base}/pay/notify/wechat-refund`,
          platformSerial: config.WECHAT_PLATFORM_SERIAL,
          baseUrl: config.WECHAT_PAY_BASE_URL,
          timeoutMs: config.REFUND_TIMEOUT_MS,
        })
      : null;
  return { alipay, wechat };
}
