import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import type {
  CampaignStatus,
  CouponTemplate,
  campaignPayload,
  OpsCampaign,
  OpsGrantResult,
} from '@app/protocol/ops-coupons';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { type CouponEventsTable, couponDb, type UserCouponsTable } from './coupon.tables';

/**
 * Coupon campaigns (docs/decisions/0070-coupon-campaigns.md): an event's coupon templates, its
 * window, its budget and what it granted. Every grant — a player's 领取 and a staff grant alike —
 * goes through `grantEvent` in the caller's transaction: the event row locked, the coupons written
 * once per user (the unique key), the budget checked against what was really written, the
 * counters moved with them. A budget is never passed, also by grants at once.
 */
type EventRow = Selectable<CouponEventsTable>;
const n = (v: string | number | null) => (v === null ? null : Number(v));

/** Writes an event's coupons for these users (those who hold them already are left); answers what was written. */
export async function grantEvent(
  trx: DbHandle,
  eventId: string,
  userIds: readonly number[],
  now: number,
  who: 'player' | 'staff',
): Promise<Array<Selectable<UserCouponsTable>>> {
  const event = await couponDb(trx)
    .selectFrom('coupon_events')
    .selectAll()
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
  if (!event) throw new AppError(ErrorCode.BAD_PARAMS, '活动不存在');
  if (event.status === 'ended' || event.ends_at.getTime() <= now)
    throw new AppError(ErrorCode.BAD_PARAMS, '活动已结束');
  if (event.status === 'paused') throw new AppError(ErrorCode.BAD_PARAMS, '活动已暂停');
  if (who === 'player') {
    if (!event.claimable) throw new AppError(ErrorCode.BAD_PARAMS, '该活动不支持领取');
    if (event.starts_at.getTime() > now) throw new AppError(ErrorCode.BAD_PARAMS, '活动未开始或已结束');
  }
  if (userIds.length === 0) return [];
  const starts = new Date(Math.max(now, event.starts_at.getTime()));
  const granted = await couponDb(trx)
    .insertInto('user_coupons')
    .values(
      userIds.flatMap((userId) =>
        event.coupons.map((c) => ({
          user_id: userId,
          event_id: eventId,
          name: c.name,
          amount_fen: c.amount,
          threshold_fen: c.threshold,
          application_ids: JSON.stringify(c.applicationIds),
          types: JSON.stringify(c.types),
          starts_at: starts,
          expires_at: new Date(starts.getTime() + c.validDays * 86_400_000),
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'event_id', 'name']).doNothing())
    .returningAll()
    .execute();
  const count = Number(event.granted_count) + granted.length;
  const fen = Number(event.granted_fen) + granted.reduce((sum, c) => sum + Number(c.amount_fen), 0);
  if (event.budget_count !== null && count > event.budget_count)
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      who === 'player'
        ? '优惠券已领完'
        : `预算不足：本次需发放${granted.length}张，剩余${Math.max(0, event.budget_count - Number(event.granted_count))}张`,
    );
  const budgetFen = n(event.budget_fen);
  if (budgetFen !== null && fen > budgetFen)
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      who === 'player'
        ? '优惠券已领完'
        : `预算不足：本次需发放面值¥${((fen - Number(event.granted_fen)) / 100).toFixed(2)}，剩余¥${(Math.max(0, budgetFen - Number(event.granted_fen)) / 100).toFixed(2)}`,
    );
  if (granted.length)
    await couponDb(trx)
      .updateTable('coupon_events')
      .set({ granted_count: count, granted_fen: fen })
      .where('id', '=', eventId)
      .execute();
  return granted;
}

export async function createCampaign(trx: DbHandle, input: z.output<typeof campaignPayload>): Promise<EventRow> {
  const id = `c-${randomBytes(5).toString('hex')}`;
  const coupons: CouponTemplate[] = input.coupons;
  return couponDb(trx)
    .insertInto('coupon_events')
    .values({
      id,
      title: input.title,
      description: input.description,
      starts_at: new Date(input.startsAt),
      ends_at: new Date(input.endsAt),
      coupons: JSON.stringify(coupons),
      budget_count: input.budgetCount,
      budget_fen: input.budgetFen,
      claimable: input.claimable,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pause, resume or end a campaign: answers the row before and after (an ended one stays ended). */
export async function setCampaignStatus(trx: DbHandle, eventId: string, status: CampaignStatus) {
  const before = await couponDb(trx)
    .selectFrom('coupon_events')
    .selectAll()
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AppError(ErrorCode.BAD_PARAMS, '活动不存在');
  if (before.status === status) throw new AppError(ErrorCode.BAD_PARAMS, '活动状态未改变');
  if (before.status === 'ended') throw new AppError(ErrorCode.BAD_PARAMS, '活动已结束，不能再开启');
  const after = await couponDb(trx)
    .updateTable('coupon_events')
    .set({ status })
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

export const campaignById = (db: DbHandle, eventId: string) =>
  couponDb(db).selectFrom('coupon_events').selectAll().where('id', '=', eventId).executeTakeFirst();

/** A grant made before under this number (its first answer), or undefined. */
export async function grantByNumber(db: DbHandle, grantId: string) {
  return couponDb(db).selectFrom('coupon_grants').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
}

export async function recordGrant(
  trx: DbHandle,
  grant: { grantId: string; eventId: string; target: object; staffId: number } & Omit<
    OpsGrantResult,
    'grantId' | 'repeated'
  >,
): Promise<void> {
  await couponDb(trx)
    .insertInto('coupon_grants')
    .values({
      grant_id: grant.grantId,
      event_id: grant.eventId,
      target: JSON.stringify(grant.target),
      targeted: grant.targeted,
      users: grant.users,
      coupons: grant.coupons,
      fen: grant.fen,
      staff_id: grant.staffId,
    })
    .execute();
}

/** A page of campaigns, newest first (a title or id search), each with its usage; the orders' GMV asked of `gmvOf`. */
export async function listCampaigns(
  db: Db,
  query: { page: number; pageSize: number; q: string },
  gmvOf: (orderIds: number[]) => Promise<number>,
  now = Date.now(),
): Promise<{ list: OpsCampaign[]; total: number }> {
  const base = couponDb(db)
    .selectFrom('coupon_events')
    .$if(query.q !== '', (qb) =>
      qb.where((eb) => eb.or([eb('title', 'like', `%${query.q}%`), eb('id', '=', query.q)])),
    );
  const { rows, total } = await countedPage(base, base.selectAll().orderBy('created_at', 'desc').orderBy('id'), query);
  const ids = rows.map((r) => r.id);
  const usage = ids.length
    ? await couponDb(db)
        .selectFrom('user_coupons')
        .select((eb) => [
          'event_id',
          eb.fn.count<string>('id').as('granted'),
          eb.fn.count<string>('user_id').distinct().as('users'),
          sql<string>`count(*) filter (where status = 'used')`.as('used'),
          sql<string>`coalesce(sum(amount_fen) filter (where status = 'used'), 0)`.as('cost'),
          sql<string>`count(*) filter (where status = 'locked')`.as('locked'),
          sql<string>`count(*) filter (where status = 'unused' and expires_at <= ${new Date(now)})`.as('expired'),
        ])
        .where('event_id', 'in', ids)
        .groupBy('event_id')
        .execute()
    : [];
  const used = ids.length
    ? await couponDb(db)
        .selectFrom('user_coupons')
        .select(['event_id', 'order_id'])
        .where('event_id', 'in', ids)
        .where('status', '=', 'used')
        .where('order_id', 'is not', null)
        .execute()
    : [];
  const list: OpsCampaign[] = [];
  for (const r of rows) {
    const u = usage.find((x) => x.event_id === r.id);
    const orders = used.filter((x) => x.event_id === r.id).map((x) => Number(x.order_id));
    list.push({
      eventId: r.id,
      title: r.title,
      description: r.description,
      startsAt: r.starts_at.getTime(),
      endsAt: r.ends_at.getTime(),
      status: r.status === 'live' && r.ends_at.getTime() <= now ? 'ended' : r.status,
      claimable: r.claimable,
      coupons: r.coupons as CouponTemplate[],
      budgetCount: r.budget_count,
      budgetFen: n(r.budget_fen),
      usage: {
        granted: Number(r.granted_count),
        grantedFen: Number(r.granted_fen),
        users: Number(u?.users ?? 0),
        used: Number(u?.used ?? 0),
        costFen: Number(u?.cost ?? 0),
        locked: Number(u?.locked ?? 0),
        expired: Number(u?.expired ?? 0),
        gmvFen: orders.length ? await gmvOf([...new Set(orders)]) : 0,
      },
    });
  }
  return { list, total };
}
