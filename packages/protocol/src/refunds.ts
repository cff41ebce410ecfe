import { z } from 'zod';

/**
 * Where a refund's money goes and when (原路退回, issue 33): each line of an order's refund, as
 * the buyer reads it on the order's detail. `in_transit`: on its way back to the payer's Alipay,
 * WeChat or 花呗 (1–3 working days, the gateways say); `returned`: back at the payer's account;
 * `balance`: on the balance (paid from it, or the gateway refused the refund).
 */
export const REFUND_LINE_STATES = ['in_transit', 'returned', 'balance'] as const;
export type RefundLineState = (typeof REFUND_LINE_STATES)[number];

export const refundLineSchema = z.object({
  /** Fen. */
  amount: z.number().int(),
  /** 支付宝, 微信, 花呗, or 余额. */
  way: z.string(),
  state: z.enum(REFUND_LINE_STATES),
  /** What the buyer reads: 原路退回 支付宝，预计 1–3 个工作日到账 / 已原路退回 支付宝 / 已退回余额. */
  text: z.string(),
  /** Milliseconds: when the refund was made, and when its money arrived (null while in transit). */
  createdAt: z.number(),
  settledAt: z.number().nullable(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/** The way back of a payment channel (1 alipay, 2 wechat, 4 花呗, 5/6 their combined payments). */
export function refundWayOf(channel: number): string {
  if (channel === 2 || channel === 6) return '微信';
  if (channel === 4) return '花呗';
  if (channel === 1 || channel === 5) return '支付宝';
  return '余额';
}

export function refundLineText(way: string, state: RefundLineState, note = ''): string {
  if (state === 'in_transit') return `原路退回 ${way}，预计 1–3 个工作日到账`;
  if (state === 'returned') return `已原路退回 ${way}`;
  return note.startsWith('款项原路退回失败') ? '原路退回失败，已退回余额' : '已退回余额';
}
