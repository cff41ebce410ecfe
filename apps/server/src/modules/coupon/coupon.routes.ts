import {
  cannotUseCouponList,
  couponList,
  couponScopeList,
  joinEvent,
  joinEventDetail,
  useCouponList,
} from '@app/protocol/calls/coupon';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listingById } from '../exchange/listings';
import { gameNames } from '../market/catalogue';
import type { NoticesHandle } from '../notices/notices.module';
import * as coupons from './coupon.service';
import { couponDb } from './coupon.tables';

export function couponRoutes(app: FastifyInstance, platform: CallPlatform, notices?: NoticesHandle): void {
  const { db } = platform;
  const withNames = async (rows: Awaited<ReturnType<typeof coupons.userCoupons>>) =>
    gameNames(db, [...new Set(rows.flatMap((r) => r.application_ids))]);

  registerCall(app, platform, couponList, async (input, ctx) => {
    const now = Date.now();
    const rows = await coupons.userCoupons(db, ctx.user.userId);
    const names = await withNames(rows);
    const list = rows
      .map((r) => coupons.toCoupon(r, names, null, now))
      .filter((c) =>
        input.tab === 'unused' ? c.status === 'unused' || c.status === 'locked' : c.status === input.tab,
      );
    return { list: input.tab === 'unused' ? list : list.reverse() };
  });

  registerCall(app, platform, couponScopeList, async (input, ctx) => {
    const row = await couponDb(db)
      .selectFrom('user_coupons')
      .selectAll()
      .where('id', '=', Number(input.couponId))
      .where('user_id', '=', ctx.user.userId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '优惠券不存在');
    const games = await gameNames(db, row.application_ids.length ? row.application_ids : null);
    const types = row.types.length ? row.types : Object.values(CommodityType);
    return {
      games: [...games].map(([applicationId, gameName]) => ({ applicationId, gameName })),
      types: types.map((t) => ({ type: t, name: coupons.TYPE_NAMES[t] ?? String(t) })),
    };
  });

  /** The listing a coupon is asked about, with the price the buyer would pay before the discount. */
  const target = async (commodityId: string) => {
    const l = await listingById(db, Number(commodityId));
    if (!l) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    return { applicationId: l.application_id, type: l.type, priceFen: Number(l.price_fen) };
  };
  const split = async (userId: number, commodityId: string) => {
    const now = Date.now();
    const t = await target(commodityId);
    const rows = await coupons.userCoupons(db, userId);
    const names = await withNames(rows);
    const all = rows
      .filter((r) => r.status !== 'used' && r.expires_at.getTime() > now)
      .map((r) => ({ r, reason: coupons.reasonFor(r, t, now, names) }));
    return {
      usable: all
        .filter((x) => x.reason === null)
        .sort((a, b) => Number(b.r.amount_fen) - Number(a.r.amount_fen))
        .map((x) => coupons.toCoupon(x.r, names, null, now)),
      unusable: all.filter((x) => x.reason !== null).map((x) => coupons.toCoupon(x.r, names, x.reason, now)),
    };
  };
  registerCall(app, platform, useCouponList, async (input, ctx) => ({
    list: (await split(ctx.user.userId, input.commodityId)).usable,
  }));
  registerCall(app, platform, cannotUseCouponList, async (input, ctx) => ({
    list: (await split(ctx.user.userId, input.commodityId)).unusable,
  }));

  registerCall(app, platform, joinEventDetail, async (input, ctx) => {
    const event = await couponDb(db)
      .selectFrom('coupon_events')
      .selectAll()
      .where('id', '=', input.eventId)
      .executeTakeFirst();
    if (!event) throw new AppError(ErrorCode.BAD_PARAMS, '活动不存在');
    const joined = await couponDb(db)
      .selectFrom('user_coupons')
      .select('id')
      .where('user_id', '=', ctx.user.userId)
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    return {
      eventId: event.id,
      title: event.title,
      description: event.description,
      startTime: Math.floor(event.starts_at.getTime() / 1000),
      endTime: Math.floor(event.ends_at.getTime() / 1000),
      joined: joined !== undefined,
      coupons: event.coupons.map((c) => ({
        name: c.name,
        amount: c.amount,
        threshold: c.threshold,
        validDays: c.validDays,
      })),
    };
  });
  registerCall(app, platform, joinEvent, async (input, ctx) => {
    const now = Date.now();
    const granted = await coupons.joinCouponEvent(db, ctx.user.userId, input.eventId, now);
    for (const coupon of granted)
      await notices?.notify(ctx.user.userId, {
        kind: 'couponGranted',
        subject: coupon.name,
        amount: Number(coupon.amount_fen),
      });
    const names = await withNames(granted);
    return { granted: granted.map((r) => coupons.toCoupon(r, names, null, now)) };
  });
}
