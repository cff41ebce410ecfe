import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ConsignmentKeysTable {
  jyh_key: string;
  pre_publish_lock_id: string;
  game_id: string;
  account_id: string;
  server_id: string;
  role_id: string;
  expires_at: Date;
  created_at: CreatedAt;
  bound_user_id: number | null;
  used_at: Date | null;
  commodity_id: number | null;
}

export interface RoleScreenshotsTable {
  game_id: string;
  role_id: string;
  kind: string;
  url: string;
  updated_at: Generated<Date>;
}

export interface ManualPresalesTable {
  id: Generated<number>;
  user_id: number;
  application_id: string;
  server_id: string;
  game_account_id: string | null;
  role_id: string | null;
  role_name: string | null;
  role_level: number | null;
  price_fen: number;
  deliver_days: number;
  description: Generated<string>;
  status: Generated<'draft' | 'bound' | 'verified' | 'published' | 'cancelled'>;
  verification_content: string | null;
  verification_expires_at: Date | null;
  verified_at: Date | null;
  commodity_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The tables the consignment module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
/** 预购码: a pre-sale's key that binds its holder as the designated buyer (migration 0034). */
export interface PreBuyKeysTable {
  key: string;
  commodity_id: number;
  seller_user_id: number;
  expires_at: Date;
  used_by: number | null;
  used_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ConsignmentTables {
  manual_presales: ManualPresalesTable;
  role_screenshots: RoleScreenshotsTable;
  consignment_keys: ConsignmentKeysTable;
  pre_buy_keys: PreBuyKeysTable;
}

/** A handle or transaction that sees only these tables. */
export type ConsignmentDb = Kysely<ConsignmentTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const consignmentDb = (db: DbHandle): ConsignmentDb => db as ConsignmentDb;
