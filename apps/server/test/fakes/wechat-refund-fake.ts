import { startWechatpayApiFake, type WechatpayCall, wechatpayNotice } from './wechatpay-api-fake';

/**
 * A local fake of WeChat Pay's refund API v3 (POST /v3/refund/domestic/refunds and GET
 * …/refunds/{out_refund_no}): it checks the merchant's WECHATPAY2-SHA256-RSA2048 signature, knows
 * the trades it was told of (`trades`, fen), keeps refunds by out_refund_no (a repeat answers the
 * first), refuses more than was paid, signs every answer with the platform key and its serial, and
 * on demand answers a documented error (NOT_ENOUGH 403, USER_ACCOUNT_ABNORMAL 403,
 * FREQUENCY_LIMITED 429, SYSTEM_ERROR 500), a wrong serial or nothing. `notice` builds the
 * REFUND.* notification WeChat would send, its resource encrypted with the APIv3 key.
 */
export type WechatRefundFakeMode = 'ok' | 'processing' | 'timeout' | 'wrong-serial' | { status: number; code: string };

export interface WechatRefundFake {
  url: string;
  mode: WechatRefundFakeMode;
  trades: Map<string, number>;
  refunds: Map<string, { outTradeNo: string; amount: number; refundId: string; status: string; notifyUrl: string }>;
  calls: WechatpayCall[];
  /** The notification of a refund's end, signed (by `signWith`, the platform key by default) at `at` (seconds). */
  notice(
    outRefundNo: string,
    options?: { signWith?: string; serial?: string; at?: number; eventType?: string; mchid?: string },
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

export async function startWechatRefundFake(keys: {
  merchantPublicKey: string;
  platformPrivateKey: string;
  platformSerial: string;
  apiV3Key: string;
  mchId: string;
}) {
  const fake = { mode: 'ok', trades: new Map(), refunds: new Map(), calls: [] } as unknown as WechatRefundFake;
  let ids = 0;
  const server = await startWechatpayApiFake(keys, fake, ({ method, path, body }, send) => {
    const mode = fake.mode;
    const view = (no: string, r: { outTradeNo: string; amount: number; refundId: string; status: string }) => ({
      refund_id: r.refundId,
      out_refund_no: no,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: r.status,
      amount: { refund: r.amount, total: fake.trades.get(r.outTradeNo) ?? 0, currency: 'CNY' },
    });
    const byNo = path.match(/^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/);
    if (method === 'GET' && byNo) {
      const no = decodeURIComponent(byNo[1] ?? '');
      const r = fake.refunds.get(no);
      if (!r) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return send(200, view(no, r));
    }
    if (method !== 'POST' || path !== '/v3/refund/domestic/refunds')
      return send(404, { code: 'NOT_FOUND', message: '接口不存在' });
    const no = String(body.out_refund_no ?? '');
    const known = fake.refunds.get(no);
    if (known) return send(200, view(no, known));
    const outTradeNo = String(body.out_trade_no ?? '');
    const total = fake.trades.get(outTradeNo);
    if (total === undefined) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    const amount = body.amount as { refund: number; total: number };
    const refunded = [...fake.refunds.values()]
      .filter((r) => r.outTradeNo === outTradeNo)
      .reduce((n, r) => n + r.amount, 0);
    if (amount.total !== total || refunded + amount.refund > total)
      return send(400, { code: 'INVALID_REQUEST', message: '退款金额超过可退金额' });
    const refund = {
      outTradeNo,
      amount: amount.refund,
      refundId: `50300000000000000000${String(++ids).padStart(8, '0')}`,
      status: mode === 'processing' ? 'PROCESSING' : 'SUCCESS',
      notifyUrl: String(body.notify_url ?? ''),
    };
    fake.refunds.set(no, refund);
    send(200, view(no, refund));
  });
  fake.notice = (outRefundNo, options = {}) => {
    const r = fake.refunds.get(outRefundNo);
    const status = r?.status ?? 'SUCCESS';
    const resource = {
      mchid: options.mchid ?? keys.mchId,
      out_trade_no: r?.outTradeNo ?? '',
      transaction_id: '4200000000000000000000000001',
      out_refund_no: outRefundNo,
      refund_id: r?.refundId ?? '',
      refund_status: status,
      success_time: '2026-12-02T12:00:00+08:00',
      amount: { total: 0, refund: r?.amount ?? 0, payer_total: 0, payer_refund: r?.amount ?? 0 },
    };
    return wechatpayNotice(
      {
        signWith: options.signWith ?? keys.platformPrivateKey,
        serial: options.serial ?? keys.platformSerial,
        apiV3Key: keys.apiV3Key,
        at: options.at,
      },
      {
        id: `EV-${outRefundNo}`,
        eventType: options.eventType ?? `REFUND.${status === 'SUCCESS' ? 'SUCCESS' : status}`,
        associatedData: 'refund',
        resource,
        extra: { summary: '退款成功' },
      },
    );
  };
  fake.url = server.url;
  fake.close = server.close;
  return fake;
}
