import { ErrorCode } from '@app/protocol/errors';
import {
  type CaseDecision,
  type CaseDomain,
  caseRefPattern,
  type RefusedCase,
  type RefusedCasesPage,
  type RefusedCasesQuery,
} from '@app/protocol/refused-cases';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';

/*
 * Customer service's cases across the order machineries (docs/decisions/0056-refused-cases.md):
 * the exchange's refused receipts and the broker's refused, late or never-reported orders. This
 * module knows no domain and owns no table: each domain registers its adapter at composition
 * (app.ts), the console (ops) lists and decides through the one registry.
 */

/** Where an order stood before a decision and after it, as the audit records it. */
export interface CaseSide {
  status: number;
  statusLabel: string;
  note: string;
}
export interface CaseChange {
  orderId: number;
  orderNo: string;
  before: CaseSide;
  after: CaseSide & { refundedFen?: number };
}

/** Who decides and why (the staff member's display name, his note). */
export interface CaseStaff {
  name: string;
  note: string;
}

/** Records a decision (the console's audit) inside the decision's own transaction. */
export type RecordDecision = (trx: DbHandle, change: CaseChange) => Promise<void>;

/** One domain's cases: its adapter. */
export interface RefusedCaseSource {
  readonly domain: CaseDomain;
  /** The cases waiting for customer service, oldest first. */
  waiting(): Promise<RefusedCase[]>;
  /** One case, whatever became of it since (订单不存在 for none). */
  one(orderId: number): Promise<RefusedCase>;
  /**
   * Customer service's decision, `record` called in the transaction that moves the order: of two
   * decisions (or a decision and the buyer's own move) on one row only one wins, the other is
   * refused with nothing changed.
   */
  decide(orderId: number, decision: CaseDecision, staff: CaseStaff, record: RecordDecision): Promise<CaseChange>;
}

/** The text a search matches: the order number, the order's words. */
const haystack = (c: RefusedCase) => [c.orderNo, c.title, c.note, ...c.facts.map((f) => f.value)].join(' ');

/** The registry of every domain's adapter: what the console's one route set answers from. */
export class RefusedCases {
  private readonly sources = new Map<CaseDomain, RefusedCaseSource>();

  register(source: RefusedCaseSource): void {
    if (this.sources.has(source.domain)) throw new Error(`refused cases of ${source.domain} registered twice`);
    this.sources.set(source.domain, source);
  }

  /** The waiting cases of every domain (or one), matching `q`, oldest first, one page of them. */
  async list(query: RefusedCasesQuery): Promise<RefusedCasesPage> {
    const sources = [...this.sources.values()].filter((s) => !query.domain || s.domain === query.domain);
    const all = (await Promise.all(sources.map((s) => s.waiting()))).flat();
    const q = query.q?.toLowerCase();
    const matching = (q ? all.filter((c) => haystack(c).toLowerCase().includes(q)) : all).sort(
      (a, b) => a.since - b.since,
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      list: matching.slice(start, start + query.pageSize),
      total: matching.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  one(caseRef: string): Promise<RefusedCase> {
    const { source, orderId } = this.named(caseRef);
    return source.one(orderId);
  }

  /** The decision on a case; answers the change (the case re-read after it is the caller's). */
  decide(
    caseRef: string,
    decision: CaseDecision,
    staff: CaseStaff,
    record: (trx: DbHandle, change: CaseChange, domain: CaseDomain) => Promise<void>,
  ): Promise<CaseChange> {
    const { source, orderId } = this.named(caseRef);
    return source.decide(orderId, decision, staff, (trx, change) => record(trx, change, source.domain));
  }

  private named(caseRef: string): { source: RefusedCaseSource; orderId: number } {
    const m = caseRefPattern.exec(caseRef);
    const source = m ? this.sources.get(m[1] as CaseDomain) : undefined;
    if (!m || !source) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
    return { source, orderId: Number(m[2]) };
  }
}
