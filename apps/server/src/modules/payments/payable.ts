import type { PayableView } from '@app/protocol/calls/pay';
import { ErrorCode } from '@app/protocol/errors';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';

/**
 * The port every purpose of a payment implements (docs/decisions/0043-payable-purpose.md): the
 * payments module pays for anything without knowing what. A purpose module (orders, deposits, the
 * broker, the bid book) writes one adapter and registers it at composition; a payment row names
 * `(purpose, ref)`, and the cashier, the gateways, the notifications and the ledger are the same
 * for all of them.
 */

/** What is owed: checked against every payment call (the amounts must add up to `total`). */
export interface Owed {
  ref: number;
  /** Fen. */
  total: number;
  /** What the gateway's cashier shows as the subject. */
  title: string;
}

/**
 * Where a payment's money lands:
 * - 'escrow': the purpose is paid by it (an order, a broker order): the money enters the escrow and
 *   a payment for one that ended meanwhile goes to the buyer's balance instead;
 * - 'balance': the money enters the buyer's balance and the purpose holds it from there (a
 *   deposit, a bid's missing money); a late payment simply stays on the balance.
 */
export type Landing = { to: 'escrow' } | { to: 'balance'; code: string; lateNote: string };

/** What a purpose answers once its payment committed in the caller's transaction. */
export interface PaidAnswer {
  paid: boolean;
  /** What to tell people once the payment's transaction committed (runs whether or not it was kept). */
  afterCommit?: () => Promise<void> | void;
}

export interface Payable {
  /** The name the payment row carries (`payments.purpose`). */
  readonly purpose: string;
  /** The first letter of its trade numbers (one per purpose). */
  readonly tradePrefix: string;
  readonly landing: Landing;
  /** The ref of a cashier's bizNo ('D123' → 123), or null when the bizNo is another purpose's. */
  refOf(bizNo: string): number | null;
  /**
   * What the cashier shows the buyer (his own only; '…不存在' otherwise): the amount, its lines, the
   * deadline and where he goes once paid. Paid or closed is `open: false`, not an error.
   */
  describe(db: DbHandle, userId: number, ref: number, now: number): Promise<PayableView>;
  /** The buyer's, still payable and in time: what a payment is checked against (throws AppError otherwise). */
  owed(db: DbHandle, userId: number, ref: number, now: number): Promise<Owed>;
  /**
   * Inside the transaction that writes a payment: its row locked, still payable, its total still
   * `owed.total` (otherwise the buyer would pay a changed amount); throws AppError otherwise.
   */
  lock(trx: Db, owed: Owed, now: Date): Promise<void>;
  /**
   * Locks what the money is for before any ledger account when a notification lands, as the
   * purpose's own closing does (its row, then the ledger): the other order would deadlock.
   */
  lockRow?(trx: Db, ref: number): Promise<void>;
  /** The payment committed (in its transaction): 'escrow' purposes move to paid, 'balance' ones hold the money. */
  paid(trx: Db, ref: number, at: { channel: number; now: Date }): Promise<PaidAnswer>;
  /**
   * Paying from the balance found it no longer payable: refused with this message (rolled back).
   * Without it the payment stands and the money stays on the balance.
   */
  readonly closedMessage?: string;
  /** The ledger link its transfers carry (an exchange order's id), if any. */
  ledgerLink?(ref: number): { orderId: number };
}

/** The adapters of each purpose, registered at composition (as the deposits' keepers are). */
/** The cashier's words for an order of goods, whichever machinery sold it (exchange or broker). */
export const ORDER_CASHIER_WORDS = {
  title: '收银台',
  heading: '应付金额',
  deadlineNote: '超时订单将自动取消',
  expiredNote: '订单已超时，请重新下单',
  totalLabel: '应付',
  paidToast: '支付成功',
} as const satisfies Partial<PayableView>;

export class Payables {
  private readonly byPurpose = new Map<string, Payable>();
  register(payable: Payable): void {
    if (this.byPurpose.has(payable.purpose)) throw new Error(`payable ${payable.purpose} registered twice`);
    for (const other of this.byPurpose.values())
      if (other.tradePrefix === payable.tradePrefix) throw new Error(`trade prefix ${payable.tradePrefix} taken`);
    this.byPurpose.set(payable.purpose, payable);
  }
  /** The adapter of a payment row's purpose (undefined for one no longer registered). */
  find(purpose: string): Payable | undefined {
    return this.byPurpose.get(purpose);
  }
  /** The adapter and ref a cashier's bizNo names; an unknown one is '订单不存在'. */
  ofBizNo(bizNo: string): { payable: Payable; ref: number } {
    for (const payable of this.byPurpose.values()) {
      const ref = payable.refOf(bizNo);
      if (ref !== null) return { payable, ref };
    }
    throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  }
}
