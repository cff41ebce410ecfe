import type { SellRules } from '@app/protocol/sell-rules';
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
  equipment: Array<{ name: string; subType: number }>;
  coins: Array<{ coinType: string; amount: number }>;
}

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
  recommend_rank: Generated<number>;
  buyer_fee_percent: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  sell_rules: ColumnType<Partial<SellRules>, string | undefined, string>;
  consignment_open: Generated<boolean>;
  item_exchange_open: Generated<boolean>;
  presale_open: Generated<boolean>;
}

export interface GameServersTable {
  application_id: string;
  server_id: string;
  name: string;
  master_server_id: string;
  master_server_name: string;
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

export interface TrackingEventsTable {
  id: Generated<number>;
  app_id: string;
  event: string;
  device: string;
  user: string;
  properties: string;
  received_at: CreatedAt;
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

export interface LedgerAccountsTable {
  id: Generated<number>;
  code: string;
  kind: string;
  user_id: number | null;
  no_overdraft: Generated<boolean>;
  debits_posted: Generated<number>;
  credits_posted: Generated<number>;
  debits_pending: Generated<number>;
  credits_pending: Generated<number>;
  created_at: CreatedAt;
}

export type TransferState = 'posted' | 'pending' | 'posted_pending' | 'voided' | 'expired' | 'post' | 'void';

export interface LedgerTransfersTable {
  id: Generated<number>;
  key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  code: string;
  state: TransferState;
  pending_id: number | null;
  timeout_at: Date | null;
  order_id: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

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
  total_fen: number;
  seller_fee_fen: Generated<number>;
  status: number;
  request_key: string;
  deliver_account_id: string;
  deliver_role_id: string | null;
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
}

export interface OffersTable {
  id: Generated<number>;
  commodity_id: number;
  buyer_user_id: number;
  seller_user_id: number;
  price_fen: number;
  status: number;
  request_key: string;
  deliver_account_id: string;
  deliver_role_id: string | null;
  answer_by: Date;
  order_id: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
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

export interface PaymentsTable {
  id: Generated<number>;
  trade_no: string;
  order_id: number;
  user_id: number;
  channel: number;
  provider: string;
  third_fen: number;
  balance_fen: number;
  status: Generated<'created' | 'paid' | 'closed' | 'refunded'>;
  provider_trade_no: string | null;
  note: Generated<string>;
  paid_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SandboxTradesTable {
  trade_no: string;
  gateway_trade_no: string;
  amount_fen: number;
  subject: string;
  channel: string;
  notify_url: string;
  return_url: Generated<string>;
  status: Generated<'open' | 'succeeded' | 'cancelled'>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  acknowledged_at: Date | null;
  created_at: CreatedAt;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount_fen: number;
  fee_fen: number;
  account_type: Generated<string>;
  account_no_sealed: string;
  account_no_masked: string;
  account_name_masked: string;
  status: Generated<'reviewing' | 'paying' | 'paid' | 'cancelled' | 'failed'>;
  reason: Generated<string>;
  provider_ref: string | null;
  review_after: Date;
  finished_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface EventCoupon {
  name: string;
  amount: number;
  threshold: number;
  validDays: number;
  applicationIds: string[];
  types: number[];
}

export interface CouponEventsTable {
  id: string;
  title: string;
  description: Generated<string>;
  starts_at: Generated<Date>;
  ends_at: Date;
  coupons: ColumnType<EventCoupon[], string, string>;
}

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  event_id: string;
  name: string;
  amount_fen: number;
  threshold_fen: Generated<number>;
  application_ids: ColumnType<string[], string | undefined, string>;
  types: ColumnType<number[], string | undefined, string>;
  starts_at: Date;
  expires_at: Date;
  status: Generated<'unused' | 'locked' | 'used'>;
  order_id: number | null;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** modules/ops (migration 0024): staff accounts, their sessions, the audit of their actions. */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  role: 'cs' | 'operator' | 'admin';
  password_hash: string;
  /** The TOTP secret sealed with the PII key; set at setup, used once totp_enabled_at is set. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last accepted time step: a code is never accepted twice. */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  disabled_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  ip: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface StaffAuditTable {
  id: Generated<string>;
  staff_id: number | null;
  action: string;
  order_id: number | null;
  order_no: string | null;
  target_staff_id: number | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string;
  created_at: CreatedAt;
}

export interface Database {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  offers: OffersTable;
  coupon_events: CouponEventsTable;
  user_coupons: UserCouponsTable;
  withdrawals: WithdrawalsTable;
  payments: PaymentsTable;
  sandbox_trades: SandboxTradesTable;
  orders: OrdersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  manual_presales: ManualPresalesTable;
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
  games: GamesTable;
  game_servers: GameServersTable;
  market_trades: MarketTradesTable;
  collections: CollectionsTable;
  content_slots: ContentSlotsTable;
  user_channels: UserChannelsTable;
  device_activations: DeviceActivationsTable;
}
