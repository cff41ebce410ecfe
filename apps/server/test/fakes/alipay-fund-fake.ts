import { createSign, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Alipay's OpenAPI gateway for 单笔转账 (alipay.fund.trans.uni.transfer and
 * alipay.fund.trans.common.query): it checks the app's RSA2 signature over the sorted parameters,
 * keeps transfers by out_biz_no (a repeat answers the first result, as Alipay does), answers
 * {"<method>_response": {...}, "sign": ...} signed with Alipay's key, and on demand answers an
 * error code, garbage, a forged signature or nothing (a timeout).
 */
export type AlipayFakeMode =
  | 'ok'
  | 'dealing'
  | 'system-error'
  | 'unavailable'
  | 'garbage'
  | 'forged'
  | 'timeout'
  | { subCode: string };

export interface AlipayFundFake {
  url: string;
  mode: AlipayFakeMode;
  /** Transfers the fake holds, by out_biz_no: what the query and the reconciliation see. */
  transfers: Map<string, { amount: string; status: 'SUCCESS' | 'DEALING' | 'FAIL'; orderId: string }>;
  calls: Array<{ method: string; biz: Record<string, unknown>; signedByApp: boolean }>;
  close(): Promise<void>;
}

export async function startAlipayFundFake(keys: { appPublicKey: string; alipayPrivateKey: string }) {
  const fake = { mode: 'ok', transfers: new Map(), calls: [] } as unknown as AlipayFundFake;
  let orders = 0;
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
      if (mode === 'unavailable')
        return send({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' });
      const outBizNo = String(biz.out_biz_no ?? '');
      if (method === 'alipay.fund.trans.common.query') {
        const t = fake.transfers.get(outBizNo);
        if (!t)
          return send({
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ORDER_NOT_EXIST',
            sub_msg: '转账订单不存在',
          });
        return send({
          code: '10000',
          msg: 'Success',
          out_biz_no: outBizNo,
          order_id: t.orderId,
          status: t.status,
          trans_amount: t.amount,
        });
      }
      if (method !== 'alipay.fund.trans.uni.transfer')
        return send({ code: '40004', msg: 'Business Failed', sub_code: 'INVALID_PARAMETER' });
      if (mode === 'system-error')
        return send({ code: '40004', msg: 'Business Failed', sub_code: 'SYSTEM_ERROR', sub_msg: '系统繁忙' });
      if (typeof mode === 'object')
        return send({ code: '40004', msg: 'Business Failed', sub_code: mode.subCode, sub_msg: mode.subCode });
      const known = fake.transfers.get(outBizNo);
      const t = known ?? {
        amount: String(biz.trans_amount),
        status: mode === 'dealing' ? ('DEALING' as const) : ('SUCCESS' as const),
        orderId: `2026120211007000000${String(++orders).padStart(5, '0')}`,
      };
      fake.transfers.set(outBizNo, t);
      send(
        {
          code: '10000',
          msg: 'Success',
          out_biz_no: outBizNo,
          order_id: t.orderId,
          pay_fund_order_id: `P${t.orderId}`,
          status: t.status,
          trans_date: '2026-12-02 12:00:00',
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
