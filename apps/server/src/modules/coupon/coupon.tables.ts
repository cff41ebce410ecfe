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
}

/** A handle or transaction that sees only these tables. */
export type CouponDb = Kysely<CouponTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const couponDb = (db: DbHandle): CouponDb => db as CouponDb;
