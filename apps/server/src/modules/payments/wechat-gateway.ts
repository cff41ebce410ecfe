import { randomBytes } from 'node:crypto';
import {
  decryptResource,
  signedWechatpayCall,
  wechatAuthorization,
  wechatpaySigned,
} from '../../platform/wechatpay/wechatpay-v3';
import type { PayGateway, RefundOutcome, RefundQuery } from './pay-gateway';

const REFUNDS_PATH = '/v3/refund/domestic/refunds';

/**
 * The documented refusals of /v3/refund/domestic/refunds that say for certain no money moved, as
 * the buyer reads them. SYSTEM_ERROR, FREQUENCY_LIMITED, any 5xx, a timeout or an unsigned answer
 * is not certain: the refund is asked about (and, absent, sent again) by the same out_refund_no.
 */
const REFUND_REFUSALS: Record<string, string> = {
  NOT_ENOUGH: '平台微信支付账户余额不足',
  USER_ACCOUNT_ABNORMAL: '付款微信账户异常或已注销',
  INVALID_REQUEST: '该笔支付暂不支持退款',
  PARAM_ERROR: '退款信息有误',
  NO_AUTH: '平台暂无微信退款权限',
  RESOURCE_NOT_EXISTS: '微信支付找不到该笔支付',
  MCH_NOT_EXISTS: '微信支付商户号有误',
};

interface WechatRefund {
  out_refund_no?: string;
  refund_id?: string;
  status?: string;
  refund_status?: string;
  mchid?: string;
  code?: string;
}

/** A refund's status (SUCCESS, PROCESSING, CLOSED, ABNORMAL) in our terms: closed and abnormal moved no money to the payer. */
function byRefundStatus(r: WechatRefund): RefundOutcome {
  const status = r.status ?? r.refund_status;
  const providerRefundNo = r.refund_id ?? null;
  if (status === 'SUCCESS') return { state: 'succeeded', providerRefundNo };
  if (status === 'PROCESSING') return { state: 'processing', providerRefundNo };
  if (status === 'CLOSED') return { state: 'refused', code: 'CLOSED', reason: '微信支付已关闭该退款' };
  if (status === 'ABNORMAL')
    return { state: 'refused', code: 'ABNORMAL', reason: '付款微信账户或银行卡异常，无法原路退回' };
  return { state: 'unknown', reason: `status ${status ?? 'missing'}` };
}

export { decryptResource };

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial number and private key (PEM): requests are signed with it. */
  serialNo: string;
  privateKey: string;
  /** WeChat Pay's platform public key (PEM): notifications are verified with it. */
  platformPublicKey: string;
  /** Its id (Wechatpay-Serial): when given, answers and notifications must name it. */
  platformSerial?: string | undefined;
  /** The APIv3 key (32 bytes) that encrypts a notification's resource. */
  apiV3Key: string;
  notifyUrl: string;
  /** Where refund notifications go (the public URL of /pay/notify/wechat-refund); notifyUrl + '-refund' by default. */
  refundNotifyUrl?: string | undefined;
  /** https://api.mch.weixin.qq.com by default. */
  baseUrl?: string | undefined;
  /** How long one refund call may take (ms); 10 s by default. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * WeChat Pay API v3: H5 pay (and Native for PCs, a code_url to draw as a QR code). A notification
 * counts only if its RSA-SHA256 signature over "timestamp\nnonce\nbody\n" holds with the platform
 * key, it is at most 5 minutes old, its resource decrypts with the APIv3 key, and it names our
 * merchant and app. WeChat Pay expects 200/204, and otherwise resends. Refunds: POST
 * /v3/refund/domestic/refunds by out_refund_no (our refund number, one refund per number), its
 * query, and the REFUND.SUCCESS / ABNORMAL / CLOSED notification; answers are trusted only signed.
 */
export function createWechatGateway(options: WechatPayOptions): PayGateway {
  const base = options.baseUrl ?? 'https://api.mch.weixin.qq.com';
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  async function call(path: string, payload: object): Promise<Record<string, string>> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(now() / 1000);
    const nonce = randomBytes(16).toString('hex');
    const res = await send(`${base}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: wechatAuthorization(options, 'POST', path, body, timestamp, nonce),
      },
      body,
    });
    const answer = (await res.json()) as Record<string, string>;
    if (res.status !== 200)
      throw new Error(`WeChat Pay ${path}: ${res.status} ${answer.code ?? ''} ${answer.message ?? ''}`);
    return answer;
  }
  /** A refund call: its answer only when signed by the platform key (else null: the outcome is unknown). */
  const signedCall = (method: 'GET' | 'POST', path: string, payload?: object) =>
    signedWechatpayCall<WechatRefund>(options, method, path, payload);
  const refundNotifyUrl = options.refundNotifyUrl ?? `${options.notifyUrl}-refund`;
  return {
    name: 'wechat',
    async refund(input) {
      const r = await signedCall('POST', REFUNDS_PATH, {
        out_trade_no: input.tradeNo,
        out_refund_no: input.refundNo,
        reason: input.reason.slice(0, 80),
        notify_url: refundNotifyUrl,
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      if (!r) return { state: 'unknown', reason: 'no signed answer' };
      if (r.status === 200) return byRefundStatus(r.answer);
      const code = r.answer.code ?? '';
      const reason = r.status < 500 ? REFUND_REFUSALS[code] : undefined;
      if (reason) return { state: 'refused', code, reason };
      return { state: 'unknown', reason: `${r.status} ${code}`.trim() };
    },
    async queryRefund(input): Promise<RefundQuery> {
      const r = await signedCall('GET', `${REFUNDS_PATH}/${encodeURIComponent(input.refundNo)}`);
      if (!r) return { state: 'unknown', reason: 'no signed answer' };
      if (r.status === 200) return byRefundStatus(r.answer);
      if (r.status === 404 && r.answer.code === 'RESOURCE_NOT_EXISTS') return { state: 'absent' };
      return { state: 'unknown', reason: `${r.status} ${r.answer.code ?? ''}`.trim() };
    },
    async verifyRefund({ headers, body }) {
      if (!wechatpaySigned({ ...options, now }, headers, body)) return null;
      try {
        const event = JSON.parse(body) as {
          event_type?: string;
          resource?: { ciphertext: string; nonce: string; associated_data?: string };
        };
        if (!['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED'].includes(event.event_type ?? '')) return null;
        if (!event.resource) return null;
        const refund = JSON.parse(decryptResource(options.apiV3Key, event.resource)) as WechatRefund;
        if (refund.mchid !== options.mchId || !refund.out_refund_no) return null;
        const outcome = byRefundStatus(refund);
        if (outcome.state === 'unknown') return null;
        return { refundNo: refund.out_refund_no, outcome };
      } catch {
        return null;
      }
    },
    async create(input) {
      const order = {
        appid: options.appId,
        mchid: options.mchId,
        description: input.subject.slice(0, 127),
        out_trade_no: input.tradeNo,
        notify_url: options.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      };
      if (input.kind === 'scan') {
        const { code_url } = await call('/v3/pay/transactions/native', order);
        return { payUrl: code_url ?? '', qrCode: code_url ?? null };
      }
      const { h5_url } = await call('/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      });
      const url = new URL(h5_url ?? '');
      if (input.returnUrl) url.searchParams.set('redirect_url', input.returnUrl);
      return { payUrl: url.toString(), qrCode: null };
    },
    async verify({ headers, body }) {
      if (!wechatpaySigned({ ...options, now }, headers, body)) return null;
      try {
        const event = JSON.parse(body) as {
          resource?: { ciphertext: string; nonce: string; associated_data?: string };
        };
        if (!event.resource) return null;
        const tx = JSON.parse(decryptResource(options.apiV3Key, event.resource)) as {
          mchid?: string;
          appid?: string;
          out_trade_no?: string;
          transaction_id?: string;
          trade_state?: string;
          amount?: { total?: number };
        };
        if (tx.mchid !== options.mchId || tx.appid !== options.appId) return null;
        if (!tx.out_trade_no || !tx.transaction_id || !Number.isInteger(tx.amount?.total)) return null;
        const outcome = tx.trade_state === 'SUCCESS' ? 'paid' : tx.trade_state === 'CLOSED' ? 'closed' : null;
        if (!outcome) return null;
        return {
          tradeNo: tx.out_trade_no,
          amountFen: tx.amount?.total as number,
          providerTradeNo: tx.transaction_id,
          outcome,
        };
      } catch {
        return null;
      }
    },
    ack: (ok) =>
      ok
        ? { status: 204, contentType: 'text/plain', body: '' }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: '通知验证失败' }),
          },
  };
}
