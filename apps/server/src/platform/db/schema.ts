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
  removed_at: Generated<Date | null>;
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

export interface IdentitiesTable {
  user_id: number;
  real_name_sealed: string;
  id_card_sealed: string;
  id_card_fingerprint: string;
  method: 'input' | 'upload';
  front_image: string | null;
  back_image: string | null;
  verified_at: CreatedAt;
}

export interface UserSettingsTable {
  user_id: number;
  push: Generated<number>;
  individualized_recommend: Generated<number>;
  gray: Generated<boolean>;
  updated_at: Generated<Date>;
  sale_unlocked_until: Generated<Date | null>;
}

export interface FeedbackTypesTable {
  id: number;
  name: string;
  sort: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type_id: number;
  content: string;
  contact: string | null;
  images: string;
  created_at: CreatedAt;
}

export interface FaqsTable {
  id: Generated<number>;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface AgreementsTable {
  key: string;
  title: string;
  body: string;
  version: string;
  updated_at: Generated<Date>;
}

export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
  last_role_name: Generated<string | null>;
  last_login_at: Generated<Date | null>;
}

export interface ConsignmentKeysTable {
  jyh_key: string;
  pre_publish_lock_id: string;
  game_id: string;
  account_id: string;
  server_id: string;
  role_id: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface RoleScreenshotsTable {
  game_id: string;
  role_id: string;
  kind: string;
  url: string;
  updated_at: Generated<Date>;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  app_id: string;
  event: string;
  device: string;
  user: string;
  properties: string;
  received_at: CreatedAt;
}

export interface Database {
  tracking_events: TrackingEventsTable;
  role_screenshots: RoleScreenshotsTable;
  consignment_keys: ConsignmentKeysTable;
  user_identities: UserIdentitiesTable;
  user_settings: UserSettingsTable;
  feedback_types: FeedbackTypesTable;
  feedback: FeedbackTable;
  faqs: FaqsTable;
  agreements: AgreementsTable;
  identities: IdentitiesTable;
  sms_codes: SmsCodesTable;
  settings: SettingsTable;
  codec_keys: CodecKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  commodities: CommoditiesTable;
}
