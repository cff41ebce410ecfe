import { z } from 'zod';
import { sessionCalls } from '../contract';
import { ROW_ID } from '../validation';
import { payPinSchema } from './pay-password';

/**
 * Withdrawal (提现, business-flows §7 extractApply): amounts in fen; the payout account's name must
 * be the verified real name; the amount is frozen while the request is reviewed; cancelling returns
 * it; the payout completes it.
 */
export const WITHDRAWAL_STATUSES = [
  'reviewing',
  'paying',
  'paid',
  'cancelled',
  'failed',
  'in_review',
  'unknown',
  'confirming',
  'refused',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** What the user reads: an outcome the provider has not told yet is still 打款中 to him. */
export const withdrawalStatusLabel: Record<WithdrawalStatus, string> = {
  reviewing: '审核中',
  in_review: '审核中',
  paying: '打款中',
  unknown: '打款中',
  confirming: '待确认收款',
  paid: '已到账',
  cancelled: '已取消',
  failed: '失败已退回',
  refused: '审核未通过，已退回',
};

/** Where a withdrawal is paid: 支付宝 (单笔转账) or 微信零钱 (商家转账). */
export const WITHDRAWAL_ACCOUNT_TYPES = ['alipay', 'wechat'] as const;
export type WithdrawalAccountType = (typeof WITHDRAWAL_ACCOUNT_TYPES)[number];
/** A 支付宝登录号: a mainland mobile number or an email address. */
const ALIPAY_ACCOUNT = /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the payout account. */
  arrival: z.number().int(),
  accountType: z.enum(WITHDRAWAL_ACCOUNT_TYPES),
  /** Masked account number (微信零钱 for WeChat). */
  accountNo: z.string(),
  accountName: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  statusLabel: z.string(),
  reason: z.string(),
  createTime: z.number().int(),
  finishTime: z.number().int().nullable(),
  /** WeChat 商家转账 waiting for the payee: what wx.requestMerchantTransfer needs for 确认收款. */
  confirm: z.object({ mchId: z.string(), appId: z.string(), package: z.string() }).optional(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

const id = z.string().regex(ROW_ID, { error: '提现记录不存在' });

const call = sessionCalls('extract', 'extractApply/');

export const withdrawalConfigSchema = z.object({
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** Fee: feePercent of the amount, at least minFee. */
  feePercent: z.number(),
  minFee: z.number().int(),
  /** Requests a user may make per day. */
  dailyCount: z.number().int(),
  /** What a user may withdraw per day, all requests together (fen). */
  dailyAmount: z.number().int().optional(),
  /** A payout above this (and a user's first) waits for staff review (fen). */
  reviewAbove: z.number().int().optional(),
});
export type WithdrawalConfig = z.infer<typeof withdrawalConfigSchema>;

export const DEFAULT_WITHDRAWAL_CONFIG: WithdrawalConfig = {
  minAmount: 1_000,
  maxAmount: 5_000_000,
  feePercent: 0.1,
  minFee: 100,
  dailyCount: 3,
};

/** The withdrawal fee of an amount (rounded to the fen, at least minFee, never more than the amount). */
export function withdrawalFee(amount: number, c: WithdrawalConfig): number {
  return Math.min(amount, Math.max(c.minFee, Math.round((amount * Math.round(c.feePercent * 100)) / 10_000)));
}

export const extractUserInfo = call(
  'userInfo',
  'What the withdrawal page shows: the verified real name (masked), the available balance, and what is frozen',
  z.object({}),
  z.object({
    hasAuthentication: z.boolean(),
    realName: z.string(),
    available: z.number().int(),
    frozen: z.number().int(),
    pending: z.number().int(),
    /**
     * Where this user can withdraw to now: alipay when a payout channel is open; wechat when the
     * WeChat channel is open and the user has a WeChat bound (signed in with it once).
     */
    accountTypes: z.array(z.enum(WITHDRAWAL_ACCOUNT_TYPES)),
  }),
);

export const extractConfig = call('config', 'Withdrawal limits and fee', z.object({}), withdrawalConfigSchema);

export const extractSave = call(
  'save',
  'Requests a withdrawal to an alipay account or the bound WeChat, in the real name: the amount and its fee are frozen for review',
  z
    .object({
      amount: z
        .number({ error: '请输入提现金额' })
        .int({ error: '请输入正确的提现金额' })
        .positive({ error: '请输入正确的提现金额' }),
      /** alipay: to the 支付宝登录号 typed here; wechat: to the 微信零钱 of the WeChat bound to the user (no number typed). */
      accountType: z.enum(WITHDRAWAL_ACCOUNT_TYPES, { error: '请选择提现方式' }).default('alipay'),
      accountNo: z.string().trim().max(100).optional(),
      accountName: z.string().trim().min(1, { error: '请输入收款人姓名' }).max(30),
      /** 支付密码 (paypin): every withdrawal asks it (docs/decisions/0052). */
      payPassword: payPinSchema.optional(),
    })
    .superRefine((input, ctx) => {
      if (input.accountType === 'alipay' && !ALIPAY_ACCOUNT.test(input.accountNo ?? ''))
        ctx.addIssue({ code: 'custom', path: ['accountNo'], message: '请输入正确的支付宝账号（手机号或邮箱）' });
    }),
  withdrawalSchema,
);

export const extractDetail = call('detail', 'One withdrawal of the user', z.object({ id }), withdrawalSchema);

export const extractPage = call(
  'page',
  "The user's withdrawals, newest first",
  z.object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  z.object({ list: z.array(withdrawalSchema), hasMore: z.boolean() }),
);

export const extractCancel = call(
  'cancel',
  'Cancels a withdrawal under review: the frozen amount is available again',
  z.object({ id }),
  withdrawalSchema,
);
