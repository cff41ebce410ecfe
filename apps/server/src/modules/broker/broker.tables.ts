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
  updated_at: Generated<Date>;
}

export type MerchantState = 'applied' | 'approved' | 'rejected' | 'suspended';

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
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The tables the broker module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface BrokerTables {
  broker_configs: BrokerConfigsTable;
  merchants: MerchantsTable;
  broker_listings: BrokerListingsTable;
}

/** A handle or transaction that sees only these tables. */
export type BrokerDb = Kysely<BrokerTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const brokerDb = (db: DbHandle): BrokerDb => db as BrokerDb;
