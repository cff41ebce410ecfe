import { z } from 'zod';

/**
 * The console's users part (/ops/v1, docs/decisions/0061-opsusers-bans.md): 查找 (one search box
 * over every id the marketplace hands out; each module answers for its own ids) and a user's page
 * (permission `users`), and the actions on a user (permission `userActions`): ban and unban with a
 * reason and an end, end his sessions, reset his sale lock, hold and release his withdrawals, notes.
 */

const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20);

export const opsSearchQuery = z.object({
  q: z
    .string({ error: '请输入要查找的内容' })
    .trim()
    .min(1, '请输入手机号、UID、订单号、商品编号或商人名称')
    .max(40, '搜索内容过长'),
});

export const userIdParams = z.object({ userId: z.string().regex(/^\d{1,9}$/, '用户不正确') });
export const userPageQuery = z.object({ page, pageSize });

const reason = z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因不超过200个字');

/** A ban: why (shown to the user) and until when (null: until staff lift it). */
export const userBanPayload = z.object({
  reason,
  until: z
    .number({ error: '请选择封禁结束时间' })
    .int('封禁结束时间不正确')
    .nullable()
    .refine((v) => v === null || v > Date.now(), '封禁结束时间须晚于现在'),
});
/** Every other action on a user: the reason it is taken. */
export const userActionPayload = z.object({ reason });
export const userNotePayload = z.object({
  note: z.string().trim().min(2, '请填写备注（至少2个字）').max(200, '备注不超过200个字'),
});

/** What a search hit points at; the console links each to its page. */
export const SEARCH_KINDS = ['user', 'order', 'listing', 'brokerOrder', 'merchant', 'withdrawal'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const searchKindLabel: Record<SearchKind, string> = {
  user: '用户',
  order: '订单',
  listing: '商品',
  brokerOrder: '商人订单',
  merchant: '商人',
  withdrawal: '提现',
};

export interface SearchHit {
  kind: SearchKind;
  /** The thing's own id (a user's id for `user`, an order's id for `order`…). */
  id: string;
  title: string;
  /** A line of detail; a phone in it is always masked. */
  detail: string;
  /** The user the hit belongs to (his page), when there is one. */
  userId: string | null;
  /** A listing's status (listing-status), for the console's 冻结 / 解冻 / 下架 on the hit. */
  status?: number;
}

export interface UserBan {
  reason: string;
  /** ms; null: until lifted. */
  until: number | null;
  at: number;
}

export interface OpsUserSession {
  source: string;
  createdAt: number;
  expiresAt: number;
  live: boolean;
}

export interface OpsUserNote {
  id: string;
  by: string;
  note: string;
  at: number;
}

export interface OpsUserAudit {
  id: string;
  by: string;
  action: string;
  before: unknown;
  after: unknown;
  ip: string;
  at: number;
}

export interface OpsUserListing {
  id: string;
  title: string;
  status: number;
  statusLabel: string;
  price: number;
}

export interface OpsUserOrder {
  id: string;
  orderNo: string;
  side: 'buyer' | 'seller';
  title: string;
  status: number;
  statusLabel: string;
  total: number;
  createdAt: number;
}

export interface OpsUserDeposit {
  id: string;
  title: string;
  amount: number;
  status: string;
  statusLabel: string;
  createdAt: number;
}

/** One line of the wallet's statement (the ledger's view): what moved, by how much, the balance after. */
export interface OpsStatementLine {
  id: string;
  label: string;
  effect: number;
  balanceAfter: number;
  orderId: string | null;
  at: number;
}

export interface OpsUserWithdrawal {
  id: string;
  amount: number;
  status: string;
  statusLabel: string;
  createdAt: number;
}

/** GET /ops/v1/users/:userId: the head of a user's page. */
export interface OpsUserSummary {
  id: string;
  uid: string;
  /** Masked (138****0001); null when none is bound. */
  mobile: string | null;
  nickname: string;
  createdAt: number;
  removed: boolean;
  identity: { verified: boolean; realName: string | null; idNumber: string | null };
  /** 分: spendable, reserved (withdrawals in review, holds of unpaid orders), incoming (sales to settle). */
  wallet: { available: number; reserved: number; incoming: number };
  ban: UserBan | null;
  saleUnlockedUntil: number | null;
  withdrawalsHeld: { reason: string; at: number } | null;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The sections of a user's page, each paged on its own (GET /ops/v1/users/:userId/<section>). */
export const USER_SECTIONS = [
  'orders',
  'listings',
  'statement',
  'deposits',
  'withdrawals',
  'sessions',
  'notes',
  'audit',
] as const;
export type UserSection = (typeof USER_SECTIONS)[number];
export const userSectionLabel: Record<UserSection, string> = {
  orders: '订单',
  listings: '商品',
  statement: '资金明细',
  deposits: '保证金',
  withdrawals: '提现',
  sessions: '登录会话',
  notes: '备注',
  audit: '操作记录',
};
