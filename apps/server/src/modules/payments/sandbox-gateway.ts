import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { payChannelLabel } from '@app/protocol/pay-channel';
import type { Db } from '../../platform/db/database';
import { type PayGateway, type RefundOutcome, yuanTextToFen } from './pay-gateway';
import { paymentsDb } from './payments.tables';

export const SANDBOX_APP_ID = 'sandbox-app';
export const SANDBOX_SELLER_ID = 'sandbox-seller';
export const SANDBOX_NOTIFY_PATH = '/pay/notify/sandbox';

/** The sandbox's signature: HMAC-SHA256 over the sorted key=value pairs (Alipay's shape, a shared key). */
export function sandboxSign(secret: string, params: Record<string, string>): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * The sandbox gateway of PROTOCOL.md: its trades live in sandbox_trades; its cashier page is
 * /sandbox/pay/{tradeNo}; it notifies /pay/notify/sandbox, signed, until answered 'success'. Its
 * refunds live in sandbox_refunds (the cashier page lists them): it refunds one number once, never
 * more than was paid, and answers as the trade's refund_mode says (a test hook): succeed; refuse;
 * or time out, the refund recorded and answered only when asked, as a real gateway can.
 */
export function createSandboxGateway(db: Db, secret: string): PayGateway {
  return {
    name: 'sandbox',
    async create(input) {
      await paymentsDb(db)
        .insertInto('sandbox_trades')
        .values({
          trade_no: input.tradeNo,
          gateway_trade_no: `SBX${Date.now()}${randomBytes(4).toString('hex')}`,
          amount_fen: input.amountFen,
          subject: input.subject,
          channel: payChannelLabel[input.channel],
          notify_url: SANDBOX_NOTIFY_PATH,
          return_url: input.returnUrl,
        })
        .onConflict((oc) => oc.column('trade_no').doNothing())
        .execute();
      const payUrl = `/sandbox/pay/${input.tradeNo}`;
      return { payUrl, qrCode: input.kind === 'scan' ? payUrl : null };
    },
    async verify({ body }) {
      let params: Record<string, string>;
      try {
        params = JSON.parse(body) as Record<string, string>;
      } catch {
        return null;
      }
      if (typeof params !== 'object' || params === null || typeof params.sign !== 'string') return null;
      const expected = Buffer.from(sandboxSign(secret, params));
      const given = Buffer.from(params.sign);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (params.app_id !== SANDBOX_APP_ID || params.seller_id !== SANDBOX_SELLER_ID) return null;
      const amountFen = yuanTextToFen(String(params.total_amount ?? ''));
      if (amountFen === null || !params.out_trade_no || !params.trade_no) return null;
      const outcome =
        params.trade_status === 'TRADE_SUCCESS' ? 'paid' : params.trade_status === 'TRADE_CLOSED' ? 'closed' : null;
      if (!outcome) return null;
      return { tradeNo: params.out_trade_no, amountFen, providerTradeNo: params.trade_no, outcome };
    },
    ack: (ok) => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' }),
    async refund(input) {
      const own = paymentsDb(db);
      const known = await own
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('refund_no', '=', input.refundNo)
        .executeTakeFirst();
      if (known) return sandboxOutcome(known);
      const trade = await own
        .selectFrom('sandbox_trades')
        .selectAll()
        .where('trade_no', '=', input.tradeNo)
        .executeTakeFirst();
      if (trade?.status !== 'succeeded')
        return { state: 'refused', code: 'TRADE_NOT_EXIST', reason: '沙箱找不到该笔支付' };
      const refunded = await own
        .selectFrom('sandbox_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
        .where('trade_no', '=', input.tradeNo)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      if (Number(refunded.fen) + input.amountFen > Number(trade.amount_fen))
        return { state: 'refused', code: 'REFUND_AMT_NOT_EQUAL_TOTAL', reason: '退款金额超过可退金额' };
      const status = trade.refund_mode === 'refuse' ? 'refused' : 'succeeded';
      await own
        .insertInto('sandbox_refunds')
        .values({
          refund_no: input.refundNo,
          trade_no: input.tradeNo,
          amount_fen: input.amountFen,
          reason: input.reason,
          status,
        })
        .onConflict((oc) => oc.column('refund_no').doNothing())
        .execute();
      const row = await own
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('refund_no', '=', input.refundNo)
        .executeTakeFirstOrThrow();
      return trade.refund_mode === 'timeout' ? { state: 'unknown', reason: 'sandbox: no answer' } : sandboxOutcome(row);
    },
    async queryRefund(input) {
      const known = await paymentsDb(db)
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('refund_no', '=', input.refundNo)
        .executeTakeFirst();
      return known ? sandboxOutcome(known) : { state: 'absent' };
    },
  };
}

const sandboxOutcome = (r: { refund_no: string; status: 'succeeded' | 'refused' }): RefundOutcome =>
  r.status === 'succeeded'
    ? { state: 'succeeded', providerRefundNo: `SBXR${r.refund_no.slice(2, 18)}` }
    : { state: 'refused', code: 'SANDBOX_REFUSED', reason: '沙箱拒绝了这笔退款' };
