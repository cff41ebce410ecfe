import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { RefundStatus } from './refund-status';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface PaymentsTable {
  id: Generated<number>;
  trade_no: string;
  /** What it pays: the purpose whose adapter was registered (payable.ts) and that purpose's id of it. */
  purpose: string;
  ref: number;
  user_id: number;
  channel: number;
  provider: string;
  third_fen: number;
  balance_fen: number;
  /** 'refund_owed': it landed for an account closed meanwhile, owed back through its channel. */
  status: Generated<'created' | 'paid' | 'closed' | 'refunded' | 'refund_owed'>;
  provider_trade_no: string | null;
  note: Generated<string>;
  paid_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SandboxTradesTable {
  trade_no: string;
  gateway_trade_no: string;
  amount_fen: number;
  subject: string;
  channel: string;
  notify_url: string;
  return_url: Generated<string>;
  status: Generated<'open' | 'succeeded' | 'cancelled'>;
  /** What the sandbox answers this trade's refunds (a test hook): succeed, refuse, or time out (recorded, answered when asked). */
  refund_mode: Generated<'succeed' | 'refuse' | 'timeout'>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  acknowledged_at: Date | null;
  created_at: CreatedAt;
}

/** One refund of a gateway payment back to where it came from (refunds.ts). */
export interface RefundsTable {
  id: Generated<number>;
  /** Ours, derived from the request's key and the trade: the same on every retry. */
  refund_no: string;
  /** The purpose's idempotency key of the refund request (a repeat finds its rows). */
  request_key: string;
  purpose: string;
  ref: number;
  user_id: number;
  order_id: number | null;
  payment_id: number;
  trade_no: string;
  provider: string;
  channel: number;
  amount_fen: number;
  /** What the payment paid through the gateway. */
  total_fen: number;
  reason: Generated<string>;
  status: Generated<RefundStatus>;
  provider_refund_no: string | null;
  note: Generated<string>;
  sent_at: Date | null;
  settled_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SandboxRefundsTable {
  refund_no: string;
  trade_no: string;
  amount_fen: number;
  reason: Generated<string>;
  status: 'succeeded' | 'refused';
  created_at: CreatedAt;
}

/** The tables the payments module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface PaymentsTables {
  payments: PaymentsTable;
  sandbox_trades: SandboxTradesTable;
  refunds: RefundsTable;
  sandbox_refunds: SandboxRefundsTable;
}

/** A handle or transaction that sees only these tables. */
export type PaymentsDb = Kysely<PaymentsTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const paymentsDb = (db: DbHandle): PaymentsDb => db as PaymentsDb;
