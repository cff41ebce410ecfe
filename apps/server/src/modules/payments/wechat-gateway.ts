import { randomBytes } from 'node:crypto';
import { decryptResource, wechatAuthorization, wechatpaySigned } from '../../platform/wechatpay/wechatpay-v3';
import type { PayGateway } from './pay-gateway';

export { decryptResource };

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial number and private key (PEM): requests are signed with it. */
  serialNo: string;
  privateKey: string;
  /** WeChat Pay's platform public key (PEM): notifications are verified with it. */
  platformPublicKey: string;
  /** The APIv3 key (32 bytes) that encrypts a notification's resource. */
  apiV3Key: string;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * WeChat Pay API v3: H5 pay (and Native for PCs, a code_url to draw as a QR code). A notification
 * counts only if its RSA-SHA256 signature over "timestamp\nnonce\nbody\n" holds with the platform
 * key, it is at most 5 minutes old, its resource decrypts with the APIv3 key, and it names our
 * merchant and app. WeChat Pay expects 200/204, and otherwise resends.
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
  return {
    name: 'wechat',
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
