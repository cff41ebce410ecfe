import { type AlipayCall, type AlipayFakeKeys, startAlipayGatewayFake } from './alipay-gateway-fake';

/**
 * A local fake of Alipay's OpenAPI gateway for refunds (alipay.trade.refund and
 * alipay.trade.fastpay.refund.query), on the signed wire of alipay-gateway-fake: it knows the
 * trades it was told of (`trades`), keeps refunds by (out_trade_no, out_request_no) — a repeat
 * answers fund_change N, as Alipay does, and never refunds twice —, refuses more than the trade
 * paid (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL), and on demand answers a documented error code,
 * ACQ.SYSTEM_ERROR, garbage, a forged signature or nothing (a timeout).
 */
export type AlipayRefundFakeMode = 'ok' | 'system-error' | 'garbage' | 'forged' | 'timeout' | { subCode: string };

export interface AlipayRefundFake {
  url: string;
  mode: AlipayRefundFakeMode;
  /** Paid trades by out_trade_no: their amount in yuan text. */
  trades: Map<string, string>;
  /** Refunds by `${out_trade_no}|${out_request_no}`. */
  refunds: Map<string, { amount: string; tradeNo: string }>;
  calls: AlipayCall[];
  close(): Promise<void>;
}

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

export async function startAlipayRefundFake(keys: AlipayFakeKeys) {
  const fake = { mode: 'ok', trades: new Map(), refunds: new Map(), calls: [] } as unknown as AlipayRefundFake;
  Object.assign(
    fake,
    await startAlipayGatewayFake(keys, fake, (method, biz, send) => {
      const mode = fake.mode;
      const outTradeNo = String(biz.out_trade_no ?? '');
      const requestNo = String(biz.out_request_no ?? '');
      const refundKey = `${outTradeNo}|${requestNo}`;
      const failed = (subCode: string) =>
        send({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subCode });
      if (method === 'alipay.trade.fastpay.refund.query') {
        const r = fake.refunds.get(refundKey);
        // Alipay: 10000 without refund_status for a number it holds no refund of.
        if (!r) return send({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, out_request_no: requestNo });
        return send({
          code: '10000',
          msg: 'Success',
          trade_no: r.tradeNo,
          out_trade_no: outTradeNo,
          out_request_no: requestNo,
          refund_amount: r.amount,
          refund_status: 'REFUND_SUCCESS',
        });
      }
      if (method !== 'alipay.trade.refund') return failed('ACQ.INVALID_PARAMETER');
      if (mode === 'system-error') return failed('ACQ.SYSTEM_ERROR');
      if (typeof mode === 'object') return failed(mode.subCode);
      const paid = fake.trades.get(outTradeNo);
      if (!paid) return failed('ACQ.TRADE_NOT_EXIST');
      const known = fake.refunds.get(refundKey);
      const tradeNo = `2026120222001400000${outTradeNo.length}`;
      if (known)
        return send({
          code: '10000',
          msg: 'Success',
          trade_no: tradeNo,
          out_trade_no: outTradeNo,
          fund_change: 'N',
          refund_fee: known.amount,
        });
      const amount = String(biz.refund_amount ?? '0');
      const refunded = [...fake.refunds]
        .filter(([k]) => k.startsWith(`${outTradeNo}|`))
        .reduce((n, [, r]) => n + fen(r.amount), 0);
      if (refunded + fen(amount) > fen(paid)) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
      fake.refunds.set(refundKey, { amount, tradeNo });
      send(
        {
          code: '10000',
          msg: 'Success',
          trade_no: tradeNo,
          out_trade_no: outTradeNo,
          fund_change: 'Y',
          refund_fee: amount,
          buyer_logon_id: '159****5620',
        },
        mode === 'forged',
      );
    }),
  );
  return fake;
}
