import { z } from 'zod';
import type { WithdrawalStatus } from './calls/withdrawal';

/**
 * The console's money part (/ops/v1, permission `money`, docs/decisions/0057-money-console.md):
 * 提现审核 (the review queue and every payout's status with the provider's answer), 对账 (the daily
 * reconciliation against the providers' records) and 账务 (the ledger by account, its check, fee
 * income by day and game). The server validates with these schemas, the console's forms use them.
 */

const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20);
const day = z
  .string({ error: '请选择日期' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 2026-12-02')
  .refine((d) => !Number.isNaN(new Date(`${d}T00:00:00+08:00`).getTime()), '日期不正确');

/** Which payouts the queue shows: waiting for staff, sent and not settled, failed, or any. */
export const WITHDRAWAL_VIEWS = ['review', 'open', 'failed', 'all'] as const;
export type WithdrawalView = (typeof WITHDRAWAL_VIEWS)[number];
export const withdrawalViewLabel: Record<WithdrawalView, string> = {
  review: '待审核',
  open: '打款中/待确认',
  failed: '打款失败',
  all: '全部',
};

export const withdrawalQueueQuery = z.object({
  view: z.enum(WITHDRAWAL_VIEWS, { message: '列表类型不正确' }).default('review'),
  /** A user's uid, or a withdrawal's id or number (WD…). */
  q: z
    .string()
    .trim()
    .max(40, '搜索内容过长')
    .regex(/^[\w-]*$/, '请输入用户UID或提现单号')
    .optional(),
  page,
  pageSize,
});
export type WithdrawalQueueQuery = z.infer<typeof withdrawalQueueQuery>;

export const withdrawalIdParams = z.object({
  id: z.coerce.number({ error: '提现记录不存在' }).int('提现记录不存在').positive('提现记录不存在'),
});
export const withdrawalRefusal = z.object({
  reason: z
    .string({ error: '请填写不通过的原因' })
    .trim()
    .min(2, '请填写不通过的原因（至少2个字）')
    .max(100, '原因最多100字'),
});

/** Why a payout waits for staff (decision 0049's review rule, and a recent security change). */
export const REVIEW_REASONS = ['aboveThreshold', 'firstPayout', 'flagged'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const reviewReasonLabel: Record<ReviewReason, string> = {
  aboveThreshold: '超过审核金额',
  firstPayout: '首次提现',
  flagged: '近期安全变更',
};

/** One payout as 提现审核 lists it (phone, payee and names masked; nothing full leaves the server). */
export interface ConsoleWithdrawal {
  id: string;
  outBizNo: string;
  uid: string;
  mobile: string;
  amount: number;
  fee: number;
  arrival: number;
  channel: string;
  accountNo: string;
  accountName: string;
  /** Whether the payee's name is the user's verified real name (asked of the identity module now). */
  nameMatches: boolean;
  reasons: ReviewReason[];
  status: WithdrawalStatus;
  statusLabel: string;
  /** What the provider answered (its reason on failure, 打款结果待确认 on unknown) and its reference. */
  providerAnswer: string;
  providerRef: string | null;
  reviewedBy: string | null;
  createdAt: number;
  sentAt: number | null;
  finishedAt: number | null;
}

export interface WithdrawalQueuePage {
  list: ConsoleWithdrawal[];
  total: number;
  page: number;
  pageSize: number;
}

/** 对账: run one day's reconciliation (Beijing day). */
export const reconcilePayload = z.object({ day });
export const reconcileHistoryQuery = z.object({ page, pageSize });

/** One record whose provider side does not say what ours says: listed, never fixed here. */
export interface ReconcileMismatch {
  ref: string;
  number: string;
  ours: string;
  theirs: string;
  problem: string;
}

/** One source's reconciliation of one day with one provider (payouts and refunds now; payments later). */
export interface ReconcileSection {
  source: 'payouts' | 'payments' | 'refunds';
  provider: string;
  checked: number;
  matched: number;
  mismatches: ReconcileMismatch[];
}

/** What a module that moves money through a provider registers for the console's 对账: one provider, one Beijing day. */
export interface ProviderReconciler {
  provider: string;
  run: (day: string) => Promise<Omit<ReconcileSection, 'source' | 'provider'>>;
}

export interface ReconcileRun {
  day: string;
  ranBy: string | null;
  ranAt: number;
  sections: ReconcileSection[];
}

export interface ReconcileHistory {
  list: ReconcileRun[];
  total: number;
  page: number;
  pageSize: number;
}

export const reconcileSourceLabel: Record<ReconcileSection['source'], string> = {
  payouts: '提现打款',
  payments: '支付',
  refunds: '退款',
};

/** 账务: the platform's accounts, or one user's by uid. */
export const ledgerAccountsQuery = z.object({
  uid: z.string().trim().max(20, '用户UID不正确').regex(/^\d*$/, '用户UID不正确').optional(),
});
export const ledgerTransfersQuery = z.object({
  account: z
    .string({ error: '请选择账户' })
    .trim()
    .min(1, '请选择账户')
    .max(80, '账户不正确')
    .regex(/^[\w:.-]+$/, '账户不正确'),
  page,
  pageSize,
});
export const feeIncomeQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: '开始日期不能晚于结束日期' })
  .refine((q) => new Date(q.to).getTime() - new Date(q.from).getTime() <= 92 * 86_400_000, {
    message: '一次最多查询93天',
  });

export interface LedgerAccountView {
  code: string;
  kind: string;
  /** Posted credits minus posted debits (fen). */
  posted: number;
  reserved: number;
  incoming: number;
  available: number;
}

export interface LedgerTransferView {
  id: string;
  key: string;
  code: string;
  codeLabel: string;
  state: string;
  debit: string;
  credit: string;
  amount: number;
  orderId: string | null;
  note: string;
  at: number;
}

export interface LedgerTransfersPage {
  account: LedgerAccountView;
  list: LedgerTransferView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LedgerCheckResult {
  balanced: boolean;
  problems: string[];
  unlabelledCodes: string[];
  accounts: number;
  postedFen: number;
  checkedAt: number;
}

/** Fee income of one day and game (applicationId null: broker orders and deposits, which no order of a game carries). */
export interface FeeIncomeRow {
  day: string;
  applicationId: string | null;
  code: string;
  codeLabel: string;
  amount: number;
  count: number;
}
