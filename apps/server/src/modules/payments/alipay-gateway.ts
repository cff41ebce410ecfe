import { createAlipayClient } from '../../platform/alipay/alipay-client';
import { fenToYuanText, type PayGateway, type RefundOutcome, type RefundQuery, yuanTextToFen } from './pay-gateway';

/**
 * alipay.trade.refund's documented sub_codes that say for certain no money moved, as the buyer
 * reads them (the money then goes back to his balance). ACQ.SYSTEM_ERROR, any other code, a
 * timeout or an unsigned answer is not certain: the refund is asked about by its number.
 */
const REFUND_REFUSALS: Record<string, string> = {
  'ACQ.TRADE_HAS_FINISHED': '该笔支付已超过可退款期限',
  'ACQ.SELLER_BALANCE_NOT_ENOUGH': '平台支付宝账户余额不足',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL': '退款金额超过可退金额',
  'ACQ.REASON_TRADE_BEEN_FREEZEN': '该笔支付已被冻结',
  'ACQ.TRADE_NOT_EXIST': '支付宝找不到该笔支付',
  'ACQ.TRADE_STATUS_ERROR': '该笔支付状态不支持退款',
  'ACQ.TRADE_NOT_ALLOW_REFUND': '该笔支付不支持退款',
  'ACQ.DISCORDANT_REPEAT_REQUEST': '退款请求与之前的不一致',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR': '退款金额有误',
  'ACQ.REFUND_FEE_ERROR': '退款金额有误',
  'ACQ.BUYER_ERROR': '付款支付宝账户状态异常',
};

interface AlipayRefundAnswer {
  code?: string;
  subCode?: string;
  fundChange?: string;
  tradeNo?: string;
  outRequestNo?: string;
  refundStatus?: string;
  refundAmount?: string;
}

export interface AlipayOptions {
  /** How long one refund call may take (ms); the SDK's 5 s by default. */
  timeoutMs?: number | undefined;
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
 * expects the text 'success', and resends for about a day otherwise. Refunds: `alipay.trade.refund`
 * with out_request_no = our refund number (Alipay refunds one number once), settled when unsure by
 * `alipay.trade.fastpay.refund.query`; every answer's signature is checked.
 */
export function createAlipayGateway(options: AlipayOptions): PayGateway {
  const { timeoutMs, ...client } = options;
  const sdk = createAlipayClient({ ...client, ...(timeoutMs ? { timeoutMs } : {}) });
  /** A signed answer of Alipay, or null (timeout, forged, unreadable): then the outcome is unknown. */
  async function call(method: string, bizContent: object): Promise<AlipayRefundAnswer | null> {
    try {
      return (await sdk.exec(method, { bizContent }, { validateSign: true })) as AlipayRefundAnswer;
    } catch {
      return null;
    }
  }
  async function queryRefund(input: { tradeNo: string; refundNo: string }): Promise<RefundQuery> {
    const a = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: input.tradeNo,
      out_request_no: input.refundNo,
    });
    if (!a) return { state: 'unknown', reason: 'no signed answer' };
    // Alipay answers 10000 without a status for a number it holds no refund of.
    if (a.code === '10000')
      return a.refundStatus === 'REFUND_SUCCESS'
        ? { state: 'succeeded', providerRefundNo: a.tradeNo ?? null }
        : { state: 'absent' };
    if (a.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'absent' };
    return { state: 'unknown', reason: `${a.code ?? ''} ${a.subCode ?? ''}`.trim() };
  }
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
    async refund(input): Promise<RefundOutcome> {
      const a = await call('alipay.trade.refund', {
        out_trade_no: input.tradeNo,
        refund_amount: fenToYuanText(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason.slice(0, 256),
      });
      if (!a) return { state: 'unknown', reason: 'no signed answer' };
      // fund_change N: a repeat of a number already refunded, or not yet done; the query says which.
      if (a.code === '10000') {
        if (a.fundChange === 'Y') return { state: 'succeeded', providerRefundNo: a.tradeNo ?? null };
        const found = await queryRefund(input);
        return found.state === 'absent' ? { state: 'processing', providerRefundNo: a.tradeNo ?? null } : found;
      }
      const reason = a.code === '40004' && a.subCode ? REFUND_REFUSALS[a.subCode] : undefined;
      if (reason && a.subCode) return { state: 'refused', code: a.subCode, reason };
      return { state: 'unknown', reason: `${a.code ?? ''} ${a.subCode ?? ''}`.trim() };
    },
    queryRefund,
  };
}
