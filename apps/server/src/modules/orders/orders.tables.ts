import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  buyer_user_id: number;
  seller_user_id: number;
  commodity_id: number;
  application_id: string;
  type: number;
  title: string;
  price_fen: number;
  buyer_fee_fen: Generated<number>;
  coupon_fen: Generated<number>;
  /** The deposit (保证金) that secured it, applied to the price when it is paid (docs/decisions/0021-deposits.md). */
  deposit_fen: Generated<number>;
  total_fen: number;
  seller_fee_fen: Generated<number>;
  status: number;
  request_key: string;
  deliver_account_id: string;
  deliver_role_id: string | null;
  /** The role's name in the game when the order was placed (null for a role bought). */
  deliver_role_name: string | null;
  pay_channel: number | null;
  expires_at: Date | null;
  paid_at: Date | null;
  delivered_at: Date | null;
  confirmed_at: Date | null;
  settle_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  receipt: ColumnType<DeliveryReceipt | null, string | null | undefined, string | null>;
  receipt_signature: string | null;
  note: Generated<string>;
  /** Customer service asked the game to take the delivery back (a refund under way). */
  reclaim_requested_at: Generated<Date | null>;
  /** The first payment started for it (markPaymentStarted, by the payments module): no coupon change after it. */
  payment_started_at: Generated<Date | null>;
  /** When the buyer refused the receipt (拒绝收货, a dispute), kept after customer service decides. */
  receipt_refused_at: Generated<Date | null>;
}

export interface DeliveryReceipt {
  listingId: string;
  kind: string;
  to: string;
  at: number;
  coinType?: string;
  amount?: number;
  itemIds?: string[];
}

/** The tables the orders module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface OrdersTables {
  orders: OrdersTable;
}

/** A handle or transaction that sees only these tables. */
export type OrdersDb = Kysely<OrdersTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const ordersDb = (db: DbHandle): OrdersDb => db as OrdersDb;
