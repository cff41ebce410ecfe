import { constants, privateDecrypt } from 'node:crypto';
import { startWechatpayApiFake, type WechatpayCall, wechatpayNotice } from './wechatpay-api-fake';

/**
 * A local fake of WeChat Pay's 商家转账 API v3 (POST /v3/fund-app/mch-transfer/transfer-bills and
 * GET …/out-bill-no/{no}) on the shared WeChat Pay wire (wechatpay-api-fake.ts: the merchant's
 * signature checked, every answer signed with the platform key and its serial, the error modes):
 * it decrypts the payee's name with the platform key and keeps bills by out_bill_no
 * (WAIT_USER_CONFIRM with a package_info; a repeat answers the first).
 */
export type WechatFakeMode = 'ok' | 'timeout' | 'wrong-serial' | { status: number; code: string };

export interface WechatTransferFake {
  url: string;
  mode: WechatFakeMode;
  bills: Map<string, { state: string; amount: number; billNo: string; userName: string }>;
  calls: WechatpayCall[];
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
  const server = await startWechatpayApiFake(keys, fake, ({ method, path, body: sent }, send) => {
    const byNo = path.match(/\/out-bill-no\/([^/?]+)$/);
    if (method === 'GET' && byNo) {
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
    const body = sent as { out_bill_no: string; transfer_amount: number; user_name: string };
    fake.bodies.push(sent);
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
  fake.url = server.url;
  fake.close = server.close;
  return fake;
}

/** A MCHTRANSFER.BILL.FINISHED notification as WeChat Pay sends it (the platform key unless forged). */
export function transferNotice(
  keys: { platformPrivateKey: string; platformSerial: string; apiV3Key: string },
  bill: { mch_id: string; out_bill_no: string; state: string; transfer_bill_no?: string },
  at?: number,
  id = `EV-${bill.out_bill_no}-${Math.random().toString(36).slice(2, 8)}`,
): { headers: Record<string, string>; body: string } {
  return wechatpayNotice(
    { signWith: keys.platformPrivateKey, serial: keys.platformSerial, apiV3Key: keys.apiV3Key, at },
    { id, eventType: 'MCHTRANSFER.BILL.FINISHED', associatedData: 'mch_payment', resource: bill },
  );
}
