import { createSign, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The wire of Alipay's OpenAPI gateway, as the Alipay fakes speak it (alipay-fund-fake for 单笔转账,
 * alipay-refund-fake for refunds): it reads the parameters of the query string and the form body,
 * checks the app's RSA2 signature over the sorted parameters, keeps every call, and answers
 * {"<method>_response": {...}, "sign": ...} signed with Alipay's key. The modes every Alipay fake
 * has are answered here: 'timeout' (no answer), 'garbage' (an HTML page) and, before any method's
 * own answer, a call the app did not sign (isv.invalid-signature); `answer` gives the rest.
 */
export interface AlipayCall {
  method: string;
  biz: Record<string, unknown>;
  signedByApp: boolean;
}

export interface AlipayFakeKeys {
  appPublicKey: string;
  alipayPrivateKey: string;
}

/** Sends the method's answer, signed; `forged` signs other text than is sent (the 'forged' mode). */
export type AlipaySend = (body: object, forged?: boolean) => void;

export async function startAlipayGatewayFake(
  keys: AlipayFakeKeys,
  fake: { readonly mode: unknown; readonly calls: AlipayCall[] },
  answer: (method: string, biz: Record<string, unknown>, send: AlipaySend) => void,
): Promise<{ url: string; close(): Promise<void> }> {
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
      const send: AlipaySend = (body, forged = false) => {
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
      answer(method, biz, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
