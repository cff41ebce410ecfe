import type { RefundLine } from '@app/protocol/refunds';
import type { DbHandle } from '../../platform/db/handle';

/** What a purpose asks when it gives money back (an order returned, a broker order refunded, a late payment). */
export interface OriginRefundRequest {
  /** The payable's purpose and ref whose paid payments are refunded ('order' and the order's id, …). */
  purpose: string;
  ref: number;
  /** Whose money it is (the payer). */
  userId: number;
  /** Fen: the whole amount given back; the gateway part goes back its way, the rest to the balance. */
  amountFen: number;
  /** The purpose's idempotency key: a repeat with it moves nothing twice (its balance part's ledger key). */
  key: string;
  /** What the gateway and the buyer read as the refund's reason. */
  reason: string;
  /** Where the money is now: the escrow (an order, a broker order) or the payer's balance (a deposit released). */
  from?: 'escrow' | 'balance';
  /** The ledger link of the transfers (an exchange order's id) and the balance part's movement code. */
  orderId?: number;
  code?: string;
  note?: string;
}

/** How a refund was split: the refund numbers sent back through gateways, and what went to the balance. */
export interface OriginRefundPlan {
  refundNos: string[];
  toOriginFen: number;
  toBalanceFen: number;
}

/**
 * The port of 原路退回 (the payments module provides it at composition, app.ts): purposes call
 * `toOrigin` inside their own transaction instead of crediting the balance from the escrow, and
 * `send` once it committed (the payments module's sweep sends whatever a crash left unsent).
 */
export interface OriginRefunds {
  toOrigin(trx: DbHandle, request: OriginRefundRequest): Promise<OriginRefundPlan>;
  /** Hands the committed refunds to their gateways now; never throws (an error is left to the sweep). */
  send(refundNos: readonly string[]): Promise<void>;
  /** The same for every refund of (purpose, ref) still waiting to be sent. */
  sendOf(purpose: string, ref: number): Promise<void>;
  /**
   * Where the refunded money of (purpose, ref) goes and when, as the buyer reads it: a line per
   * gateway refund, and one for what went to the balance (`refunded`: what the purpose gave back
   * in all and when; null when it gave nothing back).
   */
  linesOf(
    db: DbHandle,
    purpose: string,
    ref: number,
    refunded: { amountFen: number; at: Date } | null,
  ): Promise<RefundLine[]>;
}

/**
 * The port object handed to purpose modules before the payments module exists (it provides the
 * implementation once composed). Used before that, it throws: no refund silently takes another way.
 */
export class RefundPort implements OriginRefunds {
  private impl: OriginRefunds | null = null;
  provide(impl: OriginRefunds): void {
    if (this.impl) throw new Error('refunds provided twice');
    this.impl = impl;
  }
  private use(): OriginRefunds {
    if (!this.impl) throw new Error('refunds used before the payments module provided them');
    return this.impl;
  }
  toOrigin(trx: DbHandle, request: OriginRefundRequest): Promise<OriginRefundPlan> {
    return this.use().toOrigin(trx, request);
  }
  send(refundNos: readonly string[]): Promise<void> {
    return refundNos.length === 0 ? Promise.resolve() : this.use().send(refundNos);
  }
  sendOf(purpose: string, ref: number): Promise<void> {
    return this.use().sendOf(purpose, ref);
  }
  linesOf(db: DbHandle, purpose: string, ref: number, refunded: { amountFen: number; at: Date } | null) {
    return this.use().linesOf(db, purpose, ref, refunded);
  }
}
