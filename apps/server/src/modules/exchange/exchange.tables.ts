import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

export interface CommoditiesTable {
  id: Generated<number>;
  type: number;
  title: string;
  application_id: string;
  game_name: string;
  server_id: string;
  server_name: string;
  role_name: string | null;
  role_class_name: string | null;
  role_level: number | null;
  coin_type_name: string | null;
  coin_num: number | null;
  first_img: string;
  price_fen: number;
  sale_type: number;
  auction_enable: number;
  status: number;
  published_at: ColumnType<Date, Date | undefined, Date>;
  master_server_id: Generated<string>;
  role_type: number | null;
  coin_type: number | null;
  sub_type: number | null;
  item_name: string | null;
  stock: Generated<number>;
  unit_price_wan: number | null;
  search_text: Generated<string>;
  seller_user_id: number | null;
  game_account_id: string | null;
  game_role_id: string | null;
  game_freeze_id: string | null;
  snapshot: ColumnType<CommoditySnapshot | null, string | null, string | null>;
  images: ColumnType<CommodityImage[], string | undefined, string>;
  description: Generated<string>;
  expires_at: Date | null;
  lock_until: Date | null;
  designated_trade_id: string | null;
  view_count: Generated<number>;
  exposure_count: Generated<number>;
  collect_count: Generated<number>;
  updated_at: Generated<Date>;
  item_ids: ColumnType<string[], string | undefined, string>;
  deliver_days: number | null;
  note: string | null;
  taken_back_at: Date | null;
  source: Generated<'sdk' | 'key' | 'demo' | 'manual'>;
  fee_fen: Generated<number>;
  pending_until: Date | null;
  /** 降价提醒: the price when last on sale, while the seller reprices it delisted (migration 0030). */
  last_on_sale_price_fen: number | null;
  /** 还价: the seller allows proposals, and refuses at once those below his hidden floor (migration 0032). */
  bargain_allowed: Generated<boolean>;
  bargain_floor_fen: number | null;
  /** 已冻结 by staff: the status it had (解冻 restores it) and the reason shown to buyer and seller (migration 0056). */
  frozen_from: number | null;
  freeze_reason: string | null;
}

export interface CommodityImage {
  kind: string;
  title: string;
  url: string;
}

/** What the game reported about a role when it was listed (commodityDetail's snapshot). */
export interface CommoditySnapshot {
  power: number;
  createdAt: number;
  recharge: number;
  equipment: Array<{ name: string; subType: number; attributes?: Array<{ name: string; value: string }> }>;
  coins: Array<{ coinType: string; amount: number }>;
}

export interface MarketTradesTable {
  id: Generated<number>;
  commodity_id: number | null;
  application_id: string;
  type: number;
  server_id: string;
  master_server_id: string;
  title: string;
  role_type: number | null;
  role_level: number | null;
  coin_type: number | null;
  coin_num: number | null;
  sub_type: number | null;
  item_name: string | null;
  price_fen: number;
  sold_at: ColumnType<Date, Date | undefined, never>;
}

/** The tables the exchange module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface ExchangeTables {
  commodities: CommoditiesTable;
  market_trades: MarketTradesTable;
}

/** A handle or transaction that sees only these tables. */
export type ExchangeDb = Kysely<ExchangeTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const exchangeDb = (db: DbHandle): ExchangeDb => db as ExchangeDb;
