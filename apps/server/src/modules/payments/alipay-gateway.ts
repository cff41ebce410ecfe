import { createAlipayClient } from '../../platform/alipay/alipay-client';
import { fenToYuanText, type PayGateway, yuanTextToFen } from './pay-gateway';

export interface AlipayOptions {
  appId: string;
  /** The app's private key (PKCS#8 or PKCS#1 PEM) and Alipay's public key (PEM). */
  privateKey: string;
  alipayPublicKey: string;
  /** The merchant's Alipay user id (seller_id of notifications), checked when given. */
  sellerId?: string | undefined;
  /** Where Alipay posts notifications: the public URL of /pay/notify/alipay. */
  notifyUrl: string;
  /** The gateway URL (the sandbox's in tests); Alipay's production gateway by default. */
  gateway?: string | undefined;
}

/**
 * Alipay through the official SDK (alipay-sdk): wap pay (and 花呗) for phones, page pay with a QR
 * code for PCs. A notification counts only if its RSA2 signature holds with Alipay's public key,
 * it names our app and seller, and says TRADE_SUCCESS / TRADE_FINISHED / TRADE_CLOSED. Alipay
 * expects the text 'success', and resends for about a day otherwise.
 */
export function createAlipayGateway(options: AlipayOptions): PayGateway {
  const sdk = createAlipayClient(options);
  return {
    name: 'alipay',
    async create(input) {
      const common = {
        out_trade_no: input.tradeNo,
        total_amount: fenToYuanText(input.amountFen),
        subject: input.subject.slice(0, 128),
      };
      const payUrl =
        input.kind === 'scan'
          ? sdk.pageExecute('alipay.trade.page.pay', 'GET', {
              bizContent: { ...common, product_code: 'FAST_INSTANT_TRADE_PAY', qr_pay_mode: '4', qrcode_width: 200 },
              notifyUrl: options.notifyUrl,
            })
          : sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
              bizContent: {
                ...common,
                product_code: 'QUICK_WAP_WAY',
                ...(input.channel === 4 ? { enable_pay_channels: 'pcredit' } : {}),
              },
              notifyUrl: options.notifyUrl,
              ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
            });
      return { payUrl, qrCode: input.kind === 'scan' ? payUrl : null };
    },
    async verify({ body }) {
      const params = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
      if (!params.sign) return null;
      let genuine = false;
      try {
        genuine = sdk.checkNotifySign(params);
      } catch {
        genuine = false;
      }
      if (!genuine) return null;
      if (params.app_id !== options.appId) return null;
      if (options.sellerId && params.seller_id !== options.sellerId) return null;
      const amountFen = yuanTextToFen(params.total_amount ?? '');
      if (amountFen === null || !params.out_trade_no || !params.trade_no) return null;
      const status = params.trade_status;
      const outcome =
        status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
          ? 'paid'
          : status === 'TRADE_CLOSED'
            ? 'closed'
            : null;
      if (!outcome) return null;
      return { tradeNo: params.out_trade_no, amountFen, providerTradeNo: params.trade_no, outcome };
    },
    ack: (ok) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' }),
  };
}
