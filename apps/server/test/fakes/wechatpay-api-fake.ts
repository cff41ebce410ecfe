import { createCipheriv, createSign, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The wire of WeChat Pay API v3, as the WeChat Pay fakes speak it (wechat-refund-fake for refunds,
 * wechat-transfer-fake for 商家转账): it checks the merchant's WECHATPAY2-SHA256-RSA2048 signature
 * over "method\npath\ntimestamp\nnonce\nbody\n", keeps every call, and signs every answer with the
 * platform key and its serial. The modes every WeChat Pay fake has are answered here: 'timeout'
 * (no answer), 'wrong-serial' (signed, another Wechatpay-Serial), a documented error
 * `{status, code}`, and a call the merchant did not sign (401 SIGN_ERROR); `answer` gives the rest.
 */
export interface WechatpayFakeKeys {
  merchantPublicKey: string;
  platformPrivateKey: string;
  platformSerial: string;
}

export type WechatpayFakeMode = 'timeout' | 'wrong-serial' | { status: number; code: string } | string;

export interface WechatpayCall {
  method: string;
  path: string;
  signedByMerchant: boolean;
  body: Record<string, unknown>;
}

export type WechatpaySend = (status: number, answer: object) => void;

export async function startWechatpayApiFake(
  keys: WechatpayFakeKeys,
  fake: { readonly mode: WechatpayFakeMode; readonly calls: WechatpayCall[] },
  answer: (call: WechatpayCall, send: WechatpaySend) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '');
      const field = (n: string) => auth.match(new RegExp(`${n}="([^"]*)"`))?.[1] ?? '';
      const message = `${req.method}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${raw}\n`;
      const signedByMerchant =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        verify('RSA-SHA256', Buffer.from(message), keys.merchantPublicKey, Buffer.from(field('signature'), 'base64'));
      const call = {
        method: req.method ?? '',
        path: req.url ?? '',
        signedByMerchant,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      fake.calls.push(call);
      const mode = fake.mode;
      if (mode === 'timeout') return;
      const send: WechatpaySend = (status, body) => {
        const text = JSON.stringify(body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(8).toString('hex');
        const signature = createSign('RSA-SHA256')
          .update(`${timestamp}\n${nonce}\n${text}\n`)
          .sign(keys.platformPrivateKey, 'base64');
        res.writeHead(status, {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-signature': signature,
          'wechatpay-serial': mode === 'wrong-serial' ? 'OTHER' : keys.platformSerial,
        });
        res.end(text);
      };
      if (!signedByMerchant) return send(401, { code: 'SIGN_ERROR', message: '签名错误' });
      if (typeof mode === 'object') return send(mode.status, { code: mode.code, message: mode.code });
      answer(call, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A notification as WeChat Pay sends it: the resource encrypted with the merchant's APIv3 key
 * (AEAD_AES_256_GCM under `associatedData`), the body signed at `at` (seconds) with `signWith`
 * under `serial` (the platform key and its serial, unless a test forges them).
 */
export function wechatpayNotice(
  sign: { signWith: string; serial: string; apiV3Key: string; at?: number | undefined },
  event: { id: string; eventType: string; associatedData: string; resource: object; extra?: object },
): { headers: Record<string, string>; body: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(sign.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(event.associatedData));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(event.resource)),
    cipher.final(),
    cipher.getAuthTag(),
  ]).toString('base64');
  const body = JSON.stringify({
    id: event.id,
    create_time: '2026-12-02T12:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: event.eventType,
    ...event.extra,
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: event.associatedData, nonce },
  });
  const at = sign.at ?? Math.floor(Date.now() / 1000);
  const n = randomBytes(8).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': String(at),
      'wechatpay-nonce': n,
      'wechatpay-serial': sign.serial,
      'wechatpay-signature': createSign('RSA-SHA256').update(`${at}\n${n}\n${body}\n`).sign(sign.signWith, 'base64'),
    },
  };
}
