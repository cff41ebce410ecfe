import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AuctionsTable {
  id: Generated<number>;
  commodity_id: number;
  seller_user_id: number;
  application_id: string;
  type: number;
  title: string;
  start_price_fen: number;
  increment_fen: number;
  buy_now_fen: number | null;
  /** The highest bid, the start price before any. */
  current_price_fen: number;
  leader_user_id: number | null;
  bid_count: Generated<number>;
  /** Each bidder's deposit (on the start price). */
  deposit_fen: number;
  /** The listing's price and fee before it became an auction (it returns to them when unsold). */
  list_price_fen: number;
  list_fee_fen: number;
  starts_at: Date;
  ends_at: Date;
  /** AuctionStatus. */
  status: Generated<number>;
  winner_user_id: number | null;
  order_id: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AuctionBiddersTable {
  id: Generated<number>;
  auction_id: number;
  user_id: number;
  deposit_id: number | null;
  /** BargainStatus of flow 'auction': 1, 11, 21, 55, 56, 57, 61. */
  status: Generated<number>;
  deliver_account_id: string;
  deliver_role_id: string | null;
  order_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AuctionBidsTable {
  id: Generated<number>;
  auction_id: number;
  user_id: number;
  price_fen: number;
  request_key: string;
  created_at: CreatedAt;
}

/** The tables the auction module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface AuctionTables {
  auctions: AuctionsTable;
  auction_bidders: AuctionBiddersTable;
  auction_bids: AuctionBidsTable;
}

/** A handle or transaction that sees only these tables. */
export type AuctionDb = Kysely<AuctionTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const auctionDb = (db: DbHandle): AuctionDb => db as AuctionDb;
