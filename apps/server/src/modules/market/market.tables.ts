import type { SellRules } from '@app/protocol/sell-rules';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface GamesTable {
  application_id: string;
  name: string;
  icon_url: string;
  description: Generated<string>;
  initial: string;
  tags: ColumnType<string[], string | undefined, string>;
  role_types: ColumnType<Array<{ type: number; name: string; icon: string }>, string | undefined, string>;
  coin_types: ColumnType<Array<{ type: number; name: string }>, string | undefined, string>;
  h5_ios_url: Generated<string>;
  ios_url: Generated<string>;
  h5_android_url: Generated<string>;
  android_url: Generated<string>;
  pc_url: Generated<string>;
  guide_url: Generated<string>;
  cross_server: Generated<boolean>;
  /** The real-name dialog the game asks for (AuthType of @app/protocol/auth-type). */
  auth_type: Generated<number>;
  recommend_rank: Generated<number>;
  buyer_fee_percent: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  sell_rules: ColumnType<Partial<SellRules>, string | undefined, string>;
  consignment_open: Generated<boolean>;
  item_exchange_open: Generated<boolean>;
  presale_open: Generated<boolean>;
  /** Operations edited the links or cross-server display in the console: the start-up sync keeps them (migration 0058). */
  ops_edited: Generated<boolean>;
}

export interface GameServersTable {
  application_id: string;
  server_id: string;
  name: string;
  master_server_id: string;
  master_server_name: string;
}

export interface CollectionsTable {
  user_id: number;
  commodity_id: number;
  created_at: CreatedAt;
}

export interface ContentSlotsTable {
  id: Generated<number>;
  kind: 'banner' | 'poster' | 'popup' | 'splash' | 'ad' | 'notice';
  place: string;
  title: string;
  image_url: Generated<string>;
  hyperlink: Generated<string>;
  hyperlink_type: Generated<number>;
  application_id: string | null;
  sort: Generated<number>;
  interval_hours: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface UserChannelsTable {
  user_id: number;
  channel_ids: ColumnType<string[], string, string>;
  updated_at: Generated<Date>;
}

export interface DeviceActivationsTable {
  device_id: string;
  channel: Generated<string>;
  activated_at: CreatedAt;
}

/** The tables the market module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface MarketTables {
  games: GamesTable;
  game_servers: GameServersTable;
  collections: CollectionsTable;
  content_slots: ContentSlotsTable;
  user_channels: UserChannelsTable;
  device_activations: DeviceActivationsTable;
}

/** A handle or transaction that sees only these tables. */
export type MarketDb = Kysely<MarketTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const marketDb = (db: DbHandle): MarketDb => db as MarketDb;
