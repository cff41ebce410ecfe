import type { BrokerDelivery } from '@app/protocol/calls/broker';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface BrokerConfigsTable {
  application_id: string;
  enabled: Generated<boolean>;
  gold_types: ColumnType<Array<{ goldType: number; goldName: string }>, string | undefined, string>;
  min_quantity: number;
  max_quantity: number;
  fee_percent: number;
  deliver_minutes: number;
  confirm_hours: number;
  delivery: Generated<BrokerDelivery>;
  updated_at: Generated<Date>;
}

export type MerchantState = 'applied' | 'approved' | 'rejected' | 'suspended' | 'left';

export interface MerchantsTable {
  id: Generated<number>;
  user_id: number;
  application_id: string;
  shop_name: string;
  status: Generated<MerchantState>;
  /** The deposit or credit line the operator recorded at approval. */
  credit_fen: Generated<number>;
  terms_accepted_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  note: Generated<string>;
  /** When he ended his standing himself (merchant/leave); null otherwise. */
  left_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface BrokerListingsTable {
  id: Generated<number>;
  merchant_id: number;
  seller_user_id: number;
  application_id: string;
  server_id: string;
  server_name: string;
  master_server_id: string;
  gold_type: number;
  gold_name: string;
  unit_price_fen: number;
  stock: number;
  sold_quantity: Generated<number>;
  min_per_order: number;
  max_per_order: number;
  deliver_minutes: number;
  status: number;
  deleted_at: Date | null;
  /** How many users collected it (broker_collects), kept with each collect and uncollect. */
  collect_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The game's receipt of a broker delivery (its fields as the game signed them). */
export interface BrokerReceipt {
  listingId: string;
  kind: string;
  from?: string;
  to: string;
  at: number;
  coinType?: string;
  amount?: number;
}

export interface BrokerOrdersTable {
  id: Generated<number>;
  order_no: string;
  request_key: string;
  buyer_user_id: number;
  /** None when a player sold into a bid from his own role (docs/decisions/0025-bid-book.md). */
  merchant_id: number | null;
  seller_user_id: number;
  listing_id: number | null;
  application_id: string;
  server_id: string;
  server_name: string;
  master_server_id: string;
  gold_type: number;
  gold_name: string;
  quantity: number;
  unit_price_fen: number;
  total_fen: number;
  /** The channel's fee, taken from the total when the buyer confirms. */
  fee_fen: number;
  status: number;
  deliver_account_id: string;
  deliver_role_id: string;
  deliver_role_name: string;
  /** The merchant's stock role the coins leave (delivery started). */
  from_account_id: Generated<string | null>;
  from_role_id: Generated<string | null>;
  from_role_name: Generated<string | null>;
  from_server_name: Generated<string | null>;
  /** How its delivery went, fixed when it started (the game's setting then); null before. */
  delivery: Generated<BrokerDelivery | null>;
  /** The merchant's report of an in-game trade: his note and the screenshots (chat uploads). */
  trade_note: Generated<string>;
  trade_images: ColumnType<string[], string | undefined, string>;
  /** A trade started: from then the buyer may ask customer service if it is still not reported. */
  trade_due_at: Generated<Date | null>;
  /** When the buyer asked customer service about a trade never reported (106 stays until decided). */
  trade_cs_at: Generated<Date | null>;
  receipt: ColumnType<BrokerReceipt | null, string | null | undefined, string | null>;
  receipt_signature: Generated<string | null>;
  pay_channel: Generated<number | null>;
  expires_at: Date | null;
  paid_at: Generated<Date | null>;
  deliver_before: Generated<Date | null>;
  delivering_at: Generated<Date | null>;
  delivered_at: Generated<Date | null>;
  auto_confirm_at: Generated<Date | null>;
  confirmed_at: Generated<Date | null>;
  settle_at: Generated<Date | null>;
  buyer_urged_at: Generated<Date | null>;
  merchant_urged_at: Generated<Date | null>;
  note: Generated<string>;
  /** Customer service decided it in the console (refund or confirmation): then each side may rate it. */
  cs_decided_at: Generated<Date | null>;
  cs_staff: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A side's rating of customer service's decision on a broker order (one each). */
export interface BrokerServiceRatingsTable {
  order_id: number;
  user_id: number;
  score: number;
  comment: Generated<string>;
  created_at: CreatedAt;
}

/** A user's collection (收藏) of a broker listing: one per user and listing. */
export interface BrokerCollectsTable {
  user_id: number;
  listing_id: number;
  created_at: CreatedAt;
}

/** The tables the broker module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface BrokerTables {
  broker_configs: BrokerConfigsTable;
  merchants: MerchantsTable;
  broker_listings: BrokerListingsTable;
  broker_orders: BrokerOrdersTable;
  broker_service_ratings: BrokerServiceRatingsTable;
  broker_collects: BrokerCollectsTable;
}

/** A handle or transaction that sees only these tables. */
export type BrokerDb = Kysely<BrokerTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const brokerDb = (db: DbHandle): BrokerDb => db as BrokerDb;
