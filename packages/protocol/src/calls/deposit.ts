import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';

/**
 * 保证金 (docs/decisions/0021-deposits.md): a deposit secures a bargain (还价), an offer (出价) or
 * a bidder's place in an auction. It is paid at the cashier like an order, its bizNo 'D' and its
 * id; held until it is returned, applied to the price, or forfeited. Money in fen.
 */
/** An unpaid deposit waits this long for its payment (the proposal then closes, 55). */
export const DEPOSIT_PAY_MINUTES = 15;

export const DEPOSIT_STATES = ['unpaid', 'held', 'returned', 'applied', 'forfeited', 'lapsed'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const depositStateLabel: Record<DepositState, string> = {
  unpaid: '待支付',
  held: '已冻结',
  returned: '已退回',
  applied: '已抵扣货款',
  forfeited: '已扣除',
  lapsed: '已关闭',
};

export const depositSchema = z.object({
  /** What the cashier pays: 'D' and the deposit's id. */
  bizNo: z.string(),
  amount: z.number().int(),
  title: z.string(),
  /** bargain 还价, offer 出价, auction 拍卖 (refId is the offer, or the auction: a listing auctioned again is another auction). */
  purpose: z.enum(['bargain', 'offer', 'auction']),
  refId: z.string(),
  commodityId: z.string(),
  status: z.enum(DEPOSIT_STATES),
  statusLabel: z.string(),
  /** Unix seconds: an unpaid deposit is paid before it. */
  payBy: z.number().int(),
  /** A forfeited deposit: what of it compensated the seller (the game's depositSellerPercent); 0 otherwise. */
  compensation: z.number().int(),
  createTime: z.number().int(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositDetail = defineCall({
  service: 'exchange',
  call: 'deposit/detail',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'One deposit of the user (the cashier pays it by its bizNo); anyone else’s is 保证金不存在',
  request: z.object({
    bizNo: z.string().refine((v) => v.startsWith('D') && ROW_ID.test(v.slice(1)), { error: '保证金不存在' }),
  }),
  response: depositSchema,
});
