import type { Coupon } from '@app/protocol/calls/coupon';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { gameNames } from '../market/catalogue';
import { couponDb, type UserCouponsTable } from './coupon.tables';
import { grantEvent } from './coupon-campaigns';

type Row = Selectable<UserCouponsTable>;
export const TYPE_NAMES: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The listing a coupon is asked about. */
export interface CouponTarget {
  applicationId: string;
  type: number;
  priceFen: number;
}

function scopeText(r: Row, names: Map<string, string>): string {
  const games = r.application_ids.length ? r.application_ids.map((id) => names.get(id) ?? id).join('、') : '全部游戏';
  const types = r.types.length ? r.types.map((t) => TYPE_NAMES[t] ?? String(t)).join('、') : '全部商品';
  return `${games} · ${types}`;
}

/** Why a coupon cannot pay part of a listing now, or null. */
export function reasonFor(r: Row, target: CouponTarget | null, now: number, names: Map<string, string>): string | null {
  if (r.status === 'used') return '已使用';
  if (r.status === 'locked') return '已被待支付订单占用';
  if (r.expires_at.getTime() <= now) return '已过期';
  if (r.starts_at.getTime() > now) return '未到使用时间';
  if (!target) return null;
  if (r.application_ids.length && !r.application_ids.includes(target.applicationId))
    return `仅限${r.application_ids.map((id) => names.get(id) ?? id).join('、')}使用`;
  if (r.types.length && !r.types.includes(target.type))
    return `仅限${r.types.map((t) => TYPE_NAMES[t]).join('、')}类商品使用`;
  if (target.priceFen < Number(r.threshold_fen)) return `订单金额未满${formatPriceFen(Number(r.threshold_fen))}`;
  if (target.priceFen <= Number(r.amount_fen)) return '优惠金额不能超过订单金额';
  return null;
}

export function toCoupon(r: Row, names: Map<string, string>, reason: string | null, now: number): Coupon {
  const status = r.status === 'unused' && r.expires_at.getTime() <= now ? 'expired' : r.status;
  return {
    id: String(r.id),
    name: r.name,
    amount: Number(r.amount_fen),
    threshold: Number(r.threshold_fen),
    applicationIds: r.application_ids,
    types: r.types,
    scopeText: scopeText(r, names),
    startTime: seconds(r.starts_at),
    expireTime: seconds(r.expires_at),
    status,
    reason,
  };
}

export async function userCoupons(db: Db, userId: number): Promise<Row[]> {
  return couponDb(db)
    .selectFrom('user_coupons')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
}

/**
 * The coupons held or used by these orders (a page of orders names their discounts), one query:
 * per order, in the order the buyer's coupons are listed (userCoupons).
 */
export async function couponsOfOrders(
  db: DbHandle,
  orderIds: readonly number[],
): Promise<Map<number, Array<Pick<Row, 'user_id' | 'name'>>>> {
  const byOrder = new Map<number, Array<Pick<Row, 'user_id' | 'name'>>>();
  if (orderIds.length === 0) return byOrder;
  const rows = await couponDb(db)
    .selectFrom('user_coupons')
    .select(['order_id', 'user_id', 'name'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .where('status', '!=', 'unused')
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
  for (const { order_id, user_id, name } of rows) {
    if (order_id === null) continue;
    const list = byOrder.get(order_id) ?? [];
    list.push({ user_id, name });
    byOrder.set(order_id, list);
  }
  return byOrder;
}

/**
 * Holds a coupon for an order in the order's transaction (unused → locked) and answers the
 * discount; the coupon must fit the listing. Two orders cannot hold one coupon.
 */
export async function lockCoupon(
  trx: DbHandle,
  userId: number,
  couponId: string,
  target: CouponTarget,
  orderId: number,
  now: number,
) {
  const row = await couponDb(trx)
    .selectFrom('user_coupons')
    .selectAll()
    .where('id', '=', Number(couponId))
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '优惠券不存在');
  const names = await gameNames(trx, row.application_ids);
  const why = reasonFor(row, target, now, names);
  if (why) throw new AppError(ErrorCode.BAD_PARAMS, `该优惠券不可用：${why}`);
  const locked = await couponDb(trx)
    .updateTable('user_coupons')
    .set({ status: 'locked', order_id: orderId })
    .where('id', '=', row.id)
    .where('status', '=', 'unused')
    .returning('id')
    .executeTakeFirst();
  if (!locked) throw new AppError(ErrorCode.BAD_PARAMS, '该优惠券不可用：已被待支付订单占用');
  return Number(row.amount_fen);
}

/** The order ended unpaid (or was returned): its coupon can be used again. */
export async function releaseCoupon(trx: DbHandle, orderId: number): Promise<void> {
  await couponDb(trx)
    .updateTable('user_coupons')
    .set({ status: 'unused', order_id: null, used_at: null })
    .where('order_id', '=', orderId)
    .execute();
}

/** The order was paid: its coupon is used. */
export async function useCoupon(trx: DbHandle, orderId: number, now: Date): Promise<void> {
  await couponDb(trx)
    .updateTable('user_coupons')
    .set({ status: 'used', used_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'locked')
    .execute();
}

/** A player claims an event's coupons (领取), once: through the campaign's budget (coupon-campaigns.ts). */
export async function joinCouponEvent(db: Db, userId: number, eventId: string, now: number): Promise<Row[]> {
  const granted = await db.transaction().execute((trx) => grantEvent(trx, eventId, [userId], now, 'player'));
  if (granted.length === 0) throw new AppError(ErrorCode.BAD_PARAMS, '您已领取过该活动的优惠券');
  return granted;
}
