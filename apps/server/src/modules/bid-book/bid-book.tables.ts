import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface CoinBidsTable {
  id: Generated<number>;
  request_key: string;
  buyer_user_id: number;
  application_id: string;
  server_id: string;
  server_name: string;
  master_server_id: string;
  gold_type: number;
  gold_name: string;
  /** Fen per 万 coins. */
  unit_price_fen: number;
  /** Coins, in whole 万. */
  quantity: number;
  filled_quantity: Generated<number>;
  /** What was held when the bid was posted: unit price × quantity / 万. */
  reserved_fen: number;
  /** The current hold is the ledger transfer `bid:<id>:hold:<hold_seq>` (each fill renews it). */
  hold_seq: Generated<number>;
  status: Generated<number>;
  deliver_account_id: string;
  deliver_role_id: string;
  deliver_role_name: string;
  expires_at: Date;
  /** Waiting for its money (4 待付款): what is paid at the cashier, by when; the rest held by `bid:<id>:part`. */
  fund_fen: Generated<number>;
  pay_by: Date | null;
  closed_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CoinBidFillsTable {
  id: Generated<number>;
  bid_id: number;
  /** The bid's n-th fill (1, 2, …): its ledger keys carry it. */
  seq: number;
  seller_user_id: number;
  /** The sale (a seller's request key) it was part of. */
  sale_id: number | null;
  broker_order_id: number;
  quantity: number;
  amount_fen: number;
  created_at: CreatedAt;
}

/** A sale into the book, claimed by its seller's request key before any fill: a repeat sells nothing more. */
export interface CoinBidSalesTable {
  id: Generated<number>;
  seller_user_id: number;
  request_key: string;
  /** Its fills are all written (the repeat answers them). */
  done: Generated<boolean>;
  created_at: CreatedAt;
}

/** The tables the bid-book module owns: no other module reads or writes them. */
export interface BidBookTables {
  coin_bids: CoinBidsTable;
  coin_bid_fills: CoinBidFillsTable;
  coin_bid_sales: CoinBidSalesTable;
}

export type BidBookDb = Kysely<BidBookTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const bidBookDb = (db: DbHandle): BidBookDb => db as BidBookDb;
