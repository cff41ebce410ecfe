import { createSign, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Alipay's OpenAPI gateway for refunds (alipay.trade.refund and
 * alipay.trade.fastpay.refund.query): it checks the app's RSA2 signature over the sorted
 * parameters, knows the trades it was told of (`trades`), keeps refunds by (out_trade_no,
 * out_request_no) — a repeat answers fund_change N, as Alipay does, and never refunds twice —,
 * refuses more than the trade paid (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL), answers
 * {"<method>_response": {...}, "sign": ...} signed with Alipay's key, and on demand a documented
 * error code, ACQ.SYSTEM_ERROR, garbage, a forged signature or nothing (a timeout).
 */
export type AlipayRefundFakeMode = 'ok' | 'system-error' | 'garbage' | 'forged' | 'timeout' | { subCode: string };

export interface AlipayRefundFake {
  url: string;
  mode: AlipayRefundFakeMode;
  /** Paid trades by out_trade_no: their amount in yuan text. */
  trades: Map<string, string>;
  /** Refunds by `${out_trade_no}|${out_request_no}`. */
  refunds: Map<string, { amount: string; tradeNo: string }>;
  calls: Array<{ method: string; biz: Record<string, unknown>; signedByApp: boolean }>;
  close(): Promise<void>;
}

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

export async function startAlipayRefundFake(keys: { appPublicKey: string; alipayPrivateKey: string }) {
  const fake = { mode: 'ok', trades: new Map(), refunds: new Map(), calls: [] } as unknown as AlipayRefundFake;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const params: Record<string, string> = {
        ...Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams),
        ...Object.fromEntries(new URLSearchParams(raw)),
      };
      const text = Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&');
      const signedByApp = verify(
        'RSA-SHA256',
        Buffer.from(text),
        keys.appPublicKey,
        Buffer.from(params.sign ?? '', 'base64'),
      );
      const method = params.method ?? '';
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
      fake.calls.push({ method, biz, signedByApp });
      const mode = fake.mode;
      if (mode === 'timeout') return; // never answers
      const key = `${method.replaceAll('.', '_')}_response`;
      const send = (body: object, forged = false) => {
        const inner = JSON.stringify(body);
        const sign = createSign('RSA-SHA256')
          .update(forged ? `${inner} ` : inner)
          .sign(keys.alipayPrivateKey, 'base64');
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"${key}":${inner},"sign":"${sign}"}`);
      };
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>502 Bad Gateway</html>');
      }
      if (!signedByApp)
        return send({
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
