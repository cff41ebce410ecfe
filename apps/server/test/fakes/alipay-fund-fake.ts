import { type AlipayCall, type AlipayFakeKeys, startAlipayGatewayFake } from './alipay-gateway-fake';

/**
 * A local fake of Alipay's OpenAPI gateway for 单笔转账 (alipay.fund.trans.uni.transfer and
 * alipay.fund.trans.common.query), on the signed wire of alipay-gateway-fake: it keeps transfers
 * by out_biz_no (a repeat answers the first result, as Alipay does), and on demand answers an
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
  calls: AlipayCall[];
  close(): Promise<void>;
}

export async function startAlipayFundFake(keys: AlipayFakeKeys) {
  const fake = { mode: 'ok', transfers: new Map(), calls: [] } as unknown as AlipayFundFake;
  let orders = 0;
  Object.assign(
    fake,
    await startAlipayGatewayFake(keys, fake, (method, biz, send) => {
      const mode = fake.mode;
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
    }),
  );
  return fake;
}
