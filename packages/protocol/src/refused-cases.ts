import { z } from 'zod';
import type { OrderNote } from './ops';

/**
 * The console's cases of 拒绝收货 and their kin across both order machineries (/ops/v1/cases,
 * docs/decisions/0056-refused-cases.md): the exchange's refused receipts and the broker's
 * refused, late or never-reported orders, one card shape, one decision. Each domain's adapter fills
 * the card with its own words; the console renders them and knows no domain.
 */

/** Whose order a case is: the exchange's (orders) or the broker's (broker orders). */
export const CASE_DOMAINS = ['order', 'broker'] as const;
export type CaseDomain = (typeof CASE_DOMAINS)[number];

/** Why the case waits: the buyer refused the receipt, the merchant is late, or a trade was never reported. */
export type CaseKind = 'refused' | 'late' | 'trade';

/** Customer service's two answers. */
export const CASE_DECISIONS = ['refund', 'confirm'] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];

/** A case's name in the console's addresses: its domain and the order's id (`order-12`, `broker-7`). */
export const caseRefPattern = /^(order|broker)-(\d{1,9})$/;
export const caseRefOf = (domain: CaseDomain, orderId: number | string) => `${domain}-${orderId}`;

/** One decision the card offers: its button and the question asked before it is sent. */
export interface CaseOption {
  decision: CaseDecision;
  label: string;
  question: string;
}

/**
 * One line of a card: its words, and a moment the console writes in its own time format (after the
 * words in （）, or alone when there are none); `style` marks an order number, a sum, a reason.
 */
export interface CaseFact {
  label: string;
  value: string;
  at?: number | null;
  style?: 'mono' | 'money' | 'reason';
}

/** One case as its console card shows it. */
export interface RefusedCase {
  caseRef: string;
  domain: CaseDomain;
  kind: CaseKind;
  orderId: string;
  orderNo: string;
  /** What was bought, and its tag (角色, 游戏币, 道具, 商人订单). */
  title: string;
  tag: string;
  status: number;
  /** The card's header: where the case stands (拒绝收货 · 待处理, … · 已处理). */
  headline: string;
  /** What the buyer paid, in fen. */
  amount: number;
  /** The card's lines, in order (订单号, 买家 / 卖家, 交付, …). */
  facts: CaseFact[];
  /** The buyer's reason, the order's last note. */
  note: string;
  /** Since when it waits (the refusal, the promise missed, the buyer's request), ms. */
  since: number;
  /** Still to decide; once decided only what became of it is shown. */
  open: boolean;
  options: CaseOption[];
  /** Staff's internal notes (null: the domain keeps none). */
  staffNotes: OrderNote[] | null;
  /** Whether staff can join the order's chat from the card (进入会话). */
  chat: boolean;
}

export const refusedCasesQuery = z.object({
  domain: z.enum(CASE_DOMAINS, { message: '类型不正确' }).optional(),
  /** An order number, a 唯一码 or a word of the title. */
  q: z.string().trim().max(40, '搜索内容不超过40个字').optional(),
  page: z.coerce.number().int().min(1, '页码不正确').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, '每页最多100条').default(20),
});
export type RefusedCasesQuery = z.infer<typeof refusedCasesQuery>;

export const caseParams = z.object({ caseRef: z.string().regex(caseRefPattern, '订单不存在') });

export interface RefusedCasesPage {
  list: RefusedCase[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /ops/v1/cases/:caseRef/decide answers the case as it is after the decision. */
export interface CaseDecided {
  case: RefusedCase;
  decision: CaseDecision;
}
