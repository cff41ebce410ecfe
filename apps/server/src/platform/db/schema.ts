import type { ColumnType, Generated } from 'kysely';

/** Table types of the database; each module owns its tables (see docs/architecture.md). */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CodecKeysTable {
  key_id: string;
  private_pem: string;
  created_at: CreatedAt;
  retired_at: Date | null;
}

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  mobile: string | null;
  nickname: string;
  avatar: string;
  has_authentication: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  source: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
}

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
  published_at: CreatedAt;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  sms_type: string;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  tries: Generated<number>;
  burned_at: Date | null;
  consumed_at: Date | null;
}

export interface Database {
  sms_codes: SmsCodesTable;
  settings: SettingsTable;
  codec_keys: CodecKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  commodities: CommoditiesTable;
}
