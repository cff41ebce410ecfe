import { z } from 'zod';
import { defineCall, sessionCalls } from '../contract';
import { ROW_ID } from '../validation';
import { payPinSchema } from './pay-password';

/**
 * Paying an order (business-flows §3 payment request, §4 channels): bizNo is the order, amounts in
 * fen. Balance pay sends price 0 and balancePrice = the total; combined pay splits the total
 * between balance and a third party. Each answers where to pay (a URL, or a QR code for scan pay).
 */
/**
 * An order's id, a deposit's ('D' and its id, docs/decisions/0021-deposits.md), a broker order's
 * ('B' and its id) or a bid's missing money ('Q' and its id, docs/decisions/0025-bid-book.md).
 */
const bizNo = z.string().refine((v) => ROW_ID.test(/^[DBQ]/.test(v) ? v.slice(1) : v), { error: '订单不存在' });
const fen = z.number({ error: '支付金额错误' }).int({ error: '支付金额错误' }).min(0, { error: '支付金额错误' });
/** 支付密码 (paypin): required when any part is paid from the balance (docs/decisions/0052). */
const payPassword = payPinSchema.optional();

const payAnswerSchema = z.object({
  tradeNo: z.string(),
  /** Where the buyer pays (the gateway's cashier); empty when nothing is left to pay. */
  payUrl: z.string(),
  /** Scan pay: the text to draw as a QR code. */
  qrCode: z.string().nullable(),
  /** True when the order is paid already (balance pay). */
  paid: z.boolean(),
});

const payCall = sessionCalls('pay');
const call = <Req extends z.ZodType>(name: string, summary: string, request: Req) =>
  payCall(name, summary, request, payAnswerSchema);

export const wapAlipay = call(
  'wap/alipay',
  'Pays an order with alipay (payChannelType 1) or 花呗 (4) on a phone: answers the cashier URL',
  z.object({
    bizNo,
    totalAmount: fen,
    balancePrice: fen.default(0),
    payPrice: fen,
    returnUrl: z.string().max(500).optional(),
    payChannelType: z.union([z.literal(1), z.literal(4)]).default(1),
    payPassword,
  }),
);

export const h5Wechat = call(
  'h5/wechat',
  'Pays an order with WeChat Pay H5 (payChannelType 2): answers the cashier URL',
  z.object({
    bizNo,
    totalAmount: fen,
    balancePrice: fen.default(0),
    payPrice: fen,
    returnUrl: z.string().max(500).optional(),
    payChannelType: z.literal(2).default(2),
    payPassword,
  }),
);

export const scanAlipay = call(
  'scan/alipay',
  'Pays an order by scanning a QR code with alipay on a PC: answers the code to draw',
  z.object({ bizNo, totalAmount: fen, payPrice: fen, payChannelType: z.literal(1).default(1) }),
);

export const balancePay = call(
  'balancePay',
  'Pays an order from the balance at once (price 0, balancePrice = the total)',
  z.object({
    bizNo,
    totalAmount: fen,
    balancePrice: fen,
    price: z.literal(0).default(0),
    payChannelType: z.literal(3).default(3),
    payPassword,
  }),
);

export const combinedPay = call(
  'combinedPay',
  'Pays part from the balance (reserved now, taken when the rest is paid) and the rest with alipay (5) or WeChat (6)',
  z.object({
    bizNo,
    balancePrice: fen,
    totalPrice: fen,
    price: fen,
    returnUrl: z.string().max(500).optional(),
    payChannelType: z.union([z.literal(5), z.literal(6)]),
    payPassword,
  }),
);

export const isAvailableCombinationPay = defineCall({
  service: 'pay',
  call: 'isAvailableCombinationPay',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Whether balance + a third party can pay this order: some balance, but less than the total',
  request: z.object({ bizNo }),
  response: z.object({ available: z.boolean(), balance: z.number().int(), totalAmount: z.number().int() }),
});

/** One line of what is paid: a price, a deduction (a negative amount), a fee; `unit` follows the amount (/万). */
const payableLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  amount: z.number().int(),
  unit: z.string().optional(),
});

/** Where the buyer goes once paid (or when nothing is left to pay): a page of the web app and its id. */
export const payableNextPages = ['order', 'brokerOrder', 'offers', 'auction', 'brokerList'] as const;

/**
 * What the one cashier pays, as the purpose that owes it describes it (docs/decisions/0043-payable-purpose.md):
 * the web renders this for every purpose and knows none of them.
 */
export const payableSchema = z.object({
  bizNo: z.string(),
  /** The purpose's name (order, deposit, broker, bid). */
  purpose: z.string(),
  /** false: paid, cancelled or closed meanwhile: nothing to pay here, the buyer goes on to `next`. */
  open: z.boolean(),
  /** The page's title (收银台, 支付保证金, …) and the words over the amount (应付金额, 还价保证金, …). */
  title: z.string(),
  heading: z.string(),
  /** Fen: what this payment is for. */
  amount: z.number().int(),
  /** Seconds: pay by then; past it, `expiredNote` instead of the channels. */
  payBy: z.number().int().nullable(),
  /** After the countdown (超时订单将自动取消). */
  deadlineNote: z.string(),
  expiredNote: z.string(),
  goods: z.object({ title: z.string(), subtitle: z.string(), image: z.string().nullable() }),
  lines: z.array(payableLineSchema),
  totalLabel: z.string(),
  /** What becomes of the money (a deposit's rule), or null. */
  note: z.string().nullable(),
  next: z.object({ page: z.enum(payableNextPages), id: z.string() }),
  paidToast: z.string(),
  /** An order's coupon: the one it holds, and whether a started payment fixed it; null where no coupon applies. */
  coupon: z
    .object({
      orderId: z.string(),
      commodityId: z.string(),
      held: z.object({ name: z.string(), amount: z.number().int() }).nullable(),
      locked: z.boolean(),
    })
    .nullable(),
});
export type PayableView = z.infer<typeof payableSchema>;

export const payableDetail = defineCall({
  service: 'pay',
  call: 'payable',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'What the cashier pays for a bizNo (an order, a deposit, a broker order, a bid): amount, lines, deadline, the way on',
  request: z.object({ bizNo }),
  response: payableSchema,
});
