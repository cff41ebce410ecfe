import { constants, createCipheriv, createSign, privateDecrypt, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of WeChat Pay's 商家转账 API v3 (POST /v3/fund-app/mch-transfer/transfer-bills and
 * GET …/out-bill-no/{no}): it checks the merchant's WECHATPAY2-SHA256-RSA2048 signature, decrypts
 * the payee's name with the platform key, keeps bills by out_bill_no (WAIT_USER_CONFIRM with a
 * package_info), signs every answer with the platform key and its serial, and on demand answers
 * an error code (NOT_ENOUGH 403, INVALID_REQUEST 400, SYSTEM_ERROR 500), a wrong serial or nothing.
 */
export type WechatFakeMode = 'ok' | 'timeout' | 'wrong-serial' | { status: number; code: string };

export interface WechatTransferFake {
  url: string;
  mode: WechatFakeMode;
  bills: Map<string, { state: string; amount: number; billNo: string; userName: string }>;
  calls: Array<{ method: string; path: string; signedByMerchant: boolean }>;
  /** Every bill asked for, as sent (appid, openid, scene…; the name still encrypted). */
  bodies: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startWechatTransferFake(keys: {
  merchantPublicKey: string;
  platformPrivateKey: string;
  platformSerial: string;
}) {
  const fake = { mode: 'ok', bills: new Map(), calls: [], bodies: [] } as unknown as WechatTransferFake;
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
      fake.calls.push({ method: req.method ?? '', path: req.url ?? '', signedByMerchant });
      const mode = fake.mode;
      if (mode === 'timeout') return;
      const send = (status: number, body: object) => {
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
      const byNo = req.url?.match(/\/out-bill-no\/([^/?]+)$/);
      if (req.method === 'GET' && byNo) {
        const bill = fake.bills.get(decodeURIComponent(byNo[1] ?? ''));
        if (!bill) return send(404, { code: 'NOT_FOUND', message: '记录不存在' });
        return send(200, {
          out_bill_no: byNo[1],
          transfer_bill_no: bill.billNo,
          state: bill.state,
          transfer_amount: bill.amount,
          package_info: 'pkg-1',
        });
      }
      const body = JSON.parse(raw) as { out_bill_no: string; transfer_amount: number; user_name: string };
      fake.bodies.push(body);
      const known = fake.bills.get(body.out_bill_no);
      const bill = known ?? {
        state: 'WAIT_USER_CONFIRM',
        amount: body.transfer_amount,
        billNo: `1330000071100999991182020050700019${fake.bills.size}`,
        userName: privateDecrypt(
          { key: keys.platformPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
          Buffer.from(body.user_name, 'base64'),
        ).toString('utf8'),
      };
      fake.bills.set(body.out_bill_no, bill);
      send(200, {
        out_bill_no: body.out_bill_no,
        transfer_bill_no: bill.billNo,
        create_time: '2026-12-02T12:00:00+08:00',
        state: bill.state,
        package_info: 'pkg-1',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * A MCHTRANSFER.BILL.FINISHED notification as WeChat Pay sends it: the bill encrypted with the
 * merchant's APIv3 key (AEAD_AES_256_GCM), the body signed with the platform key and its serial.
 */
export function transferNotice(
  keys: { platformPrivateKey: string; platformSerial: string; apiV3Key: string },
  bill: { mch_id: string; out_bill_no: string; state: string; transfer_bill_no?: string },
  at = Math.floor(Date.now() / 1000),
  id = `EV-${randomBytes(4).toString('hex')}`,
): { headers: Record<string, string>; body: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keys.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('mch_payment'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(bill)), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
  const body = JSON.stringify({
    id,
    event_type: 'MCHTRANSFER.BILL.FINISHED',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'mch_payment' },
  });
  const n = randomBytes(8).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': String(at),
      'wechatpay-nonce': n,
      'wechatpay-serial': keys.platformSerial,
      'wechatpay-signature': createSign('RSA-SHA256')
        .update(`${at}\n${n}\n${body}\n`)
        .sign(keys.platformPrivateKey, 'base64'),
    },
  };
}
