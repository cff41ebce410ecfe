import { z } from 'zod';
import { sessionCalls } from '../contract';
import { refundLineSchema } from '../refunds';

/**
 * The wallet's statement (资金明细): every movement of the user's balance from the ledger, newest
 * first, paged by a cursor; and the money still 待入账 with the day it settles.
 */

/** Every movement code the ledger knows (ledger:check reports any other), with what a user reads. */
export const LEDGER_MOVEMENT_CODES = [
  'payment',
  'balance_hold',
  'seller_pending',
  'refund',
  'refund_owed',
  'refund_late_payment',
  'refund_in_transit',
  'refund_to_origin',
  'refund_fallback',
  'withdrawal',
  'withdrawal_fee',
  'deposit_hold',
  'deposit_payment',
  'deposit_forfeit',
  'deposit_compensation',
  'bid_hold',
  'bid_fill',
  'bid_payment',
  'fee',
  'coupon_subsidy',
  'topup',
] as const;
export type LedgerMovementCode = (typeof LEDGER_MOVEMENT_CODES)[number];

export const ledgerMovementLabel: Record<LedgerMovementCode, string> = {
  payment: '购买支付',
  balance_hold: '余额支付',
  seller_pending: '出售收入',
  refund: '退款',
  refund_owed: '退款',
  refund_late_payment: '退款',
  refund_in_transit: '退款（原路退回中）',
  refund_to_origin: '退款已原路退回',
  refund_fallback: '原路退回失败，已退回余额',
  withdrawal: '提现',
  withdrawal_fee: '提现手续费',
  deposit_hold: '保证金冻结',
  deposit_payment: '保证金充值',
  deposit_forfeit: '保证金扣除',
  deposit_compensation: '保证金赔付',
  bid_hold: '求购资金冻结',
  bid_fill: '求购成交',
  bid_payment: '求购资金充值',
  fee: '服务费',
  coupon_subsidy: '优惠券补贴',
  topup: '充值',
};

/** What a released reservation of the code reads as (the money came back to the balance). */
export const ledgerReleaseLabel: Partial<Record<LedgerMovementCode, string>> = {
  balance_hold: '订单未支付，余额解冻',
  withdrawal: '提现退回',
  withdrawal_fee: '提现手续费退回',
  deposit_hold: '保证金退回',
  bid_hold: '求购资金解冻',
};

/** The filter of the statement: kinds a user looks for, each a set of movement codes. */
export const STATEMENT_KINDS = ['purchase', 'sale', 'refund', 'withdrawal', 'deposit', 'bid', 'other'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const statementKindLabel: Record<StatementKind, string> = {
  purchase: '购买支付',
  sale: '出售收入',
  refund: '退款',
  withdrawal: '提现',
  deposit: '保证金',
  bid: '求购',
  other: '其他',
};
export const statementKindOf: Record<LedgerMovementCode, StatementKind> = {
  payment: 'purchase',
  balance_hold: 'purchase',
  seller_pending: 'sale',
  refund: 'refund',
  refund_owed: 'refund',
  refund_late_payment: 'refund',
  refund_in_transit: 'refund',
  refund_to_origin: 'refund',
  refund_fallback: 'refund',
  withdrawal: 'withdrawal',
  withdrawal_fee: 'withdrawal',
  deposit_hold: 'deposit',
  deposit_payment: 'deposit',
  deposit_forfeit: 'deposit',
  deposit_compensation: 'deposit',
  bid_hold: 'bid',
  bid_fill: 'bid',
  bid_payment: 'bid',
  fee: 'other',
  coupon_subsidy: 'other',
  topup: 'other',
};

/** The label of a line: a released reservation reads as its release, anything else as its code. */
export function statementLineLabel(code: string, released: boolean): string {
  const known = (LEDGER_MOVEMENT_CODES as readonly string[]).includes(code) ? (code as LedgerMovementCode) : null;
  if (!known) return '其他';
  return released ? (ledgerReleaseLabel[known] ?? `${ledgerMovementLabel[known]}退回`) : ledgerMovementLabel[known];
}

/** done: in the balance; holding: reserved (an order's balance part, a withdrawal in payout, a deposit); released: returned. */
export const STATEMENT_LINE_STATES = ['done', 'holding', 'released'] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];
export const statementLineStateLabel: Record<StatementLineState, string> = {
  done: '已完成',
  holding: '冻结中',
  released: '已退回',
};

export const statementLineSchema = z.object({
  /** The cursor of the next page is the last line's id. */
  id: z.string(),
  code: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  label: z.string(),
  /** Fen; + into the balance, − out of it. */
  amount: z.number().int(),
  /** The available balance (fen) right after this movement. */
  balanceAfter: z.number().int(),
  state: z.enum(STATEMENT_LINE_STATES),
  /** The order it belongs to, when one: its id (for the order page) and its number (what a user quotes). */
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  /** The movement's own number (流水号), what customer service asks for. */
  bizNo: z.string(),
  time: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const pendingIncomeSchema = z.object({
  id: z.string(),
  label: z.string(),
  amount: z.number().int(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  bizNo: z.string(),
  time: z.number().int(),
  /** When it reaches the balance (seconds); null when the order sets no date. */
  settleTime: z.number().int().nullable(),
});

const call = sessionCalls('wallet');

export const walletStatement = call(
  'statement',
  "The user's balance movements (资金明细), newest first, by cursor; filtered by kind and month (Beijing time)",
  z.object({
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, { error: '分页参数错误' })
      .optional(),
    kind: z.enum(STATEMENT_KINDS, { error: '请选择正确的类型' }).optional(),
    month: z
      .string()
      .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: '请选择正确的月份' })
      .optional(),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  z.object({
    list: z.array(statementLineSchema),
    /** Give it back as cursor for the next page; null at the end. */
    nextCursor: z.string().nullable(),
  }),
);

export const walletPendingIncome = call(
  'pendingIncome',
  'Sales waiting for settlement (待入账), each with the day it reaches the balance',
  z.object({}),
  z.object({ list: z.array(pendingIncomeSchema), total: z.number().int() }),
);

/** A refund of the user's as the wallet lists it (退款中 while in transit): its line and what it belongs to. */
export const walletRefundSchema = refundLineSchema.extend({
  /** The order page it belongs to (an order's id), when it is an order's. */
  orderId: z.string().nullable(),
  /** 退款中 while in transit, else what became of it. */
  label: z.string(),
});

export const walletRefunds = call(
  'refunds',
  "The user's refunds to the original channel (原路退回), newest first: 退款中 with when it arrives, or where it went",
  z.object({}),
  z.object({
    list: z.array(walletRefundSchema),
    /** Fen on their way back (退款中). */
    inTransit: z.number().int(),
  }),
);
