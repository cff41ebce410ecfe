import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

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
  /** Migration 0059 (the console's campaigns). */
  status: Generated<'live' | 'paused' | 'ended'>;
  budget_count: number | null;
  budget_fen: ColumnType<string | number | null, number | null | undefined, number | null>;
  granted_count: Generated<number>;
  granted_fen: ColumnType<string | number, number | undefined, number>;
  claimable: Generated<boolean>;
  created_at: CreatedAt;
}

/** A staff grant, kept under its number (a repeat answers it). */
export interface CouponGrantsTable {
  grant_id: string;
  event_id: string;
  target: ColumnType<unknown, string, never>;
  targeted: number;
  users: number;
  coupons: number;
  fen: ColumnType<string | number, number, never>;
  staff_id: number;
  created_at: CreatedAt;
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

/** The tables the coupon module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface CouponTables {
  coupon_events: CouponEventsTable;
  user_coupons: UserCouponsTable;
  coupon_grants: CouponGrantsTable;
}

/** A handle or transaction that sees only these tables. */
export type CouponDb = Kysely<CouponTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const couponDb = (db: DbHandle): CouponDb => db as CouponDb;
