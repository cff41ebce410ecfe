import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import {
  type CampaignStatus,
  type campaignPayload,
  GRANT_MAX_USERS,
  type GrantTarget,
  type OpsGrantResult,
} from '@app/protocol/ops-coupons';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  campaignById,
  createCampaign,
  grantByNumber,
  grantEvent,
  listCampaigns,
  recordGrant,
  setCampaignStatus,
} from '../coupon/coupon-campaigns';
import { gameById } from '../market/catalogue';
import type { NoticesHandle } from '../notices/notices.module';
import { buyerIdsOfGame, priceSumOf } from '../orders/order.queries';
import { userIdOfPhoneOrUid, userIdsRegisteredSince } from '../user/user.queries';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * 优惠券 (issue 34 item 7, docs/decisions/0070-coupon-campaigns.md): campaigns are the coupon
 * module's; the segments are the user module's (new users) and the orders module's (a game's
 * buyers), asked through their queries; each write in one transaction with its audit.
 */
interface Acting {
  me: StaffPrincipal;
  reason: string;
  ip: string;
}
export interface OpsCouponsDeps {
  db: Db;
  notices?: NoticesHandle;
}

export const campaigns = (db: Db, query: { page: number; pageSize: number; q: string }) =>
  listCampaigns(db, query, (orderIds) => priceSumOf(db, orderIds));

export async function createCampaignAsStaff(
  db: Db,
  me: StaffPrincipal,
  ip: string,
  input: z.output<typeof campaignPayload>,
) {
  for (const c of input.coupons)
    for (const id of c.applicationIds)
      if (!(await gameById(db, id))) throw new AppError(ErrorCode.BAD_PARAMS, `游戏不存在：${id}`);
  return db.transaction().execute(async (trx) => {
    const row = await createCampaign(trx, input);
    await writeAudit(trx, {
      staffId: me.id,
      action: StaffAction.COUPON_CAMPAIGN_CREATE,
      before: {},
      after: { eventId: row.id, ...input },
      ip,
    });
    return { eventId: row.id };
  });
}

export async function setCampaignStatusAsStaff(db: Db, a: Acting, eventId: string, status: CampaignStatus) {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await setCampaignStatus(trx, eventId, status);
    await writeAudit(trx, {
      staffId: a.me.id,
      action: StaffAction.COUPON_CAMPAIGN_STATUS,
      before: { eventId, status: before.status },
      after: { eventId, status: after.status, reason: a.reason },
      ip: a.ip,
    });
    return { eventId, status: after.status };
  });
}

/** The users a target names (a segment capped at GRANT_MAX_USERS). */
async function targeted(db: Db, target: GrantTarget, now: number): Promise<number[]> {
  if (target.kind === 'user') {
    const userId = await userIdOfPhoneOrUid(db, target.who);
    if (userId === null) throw new AppError(ErrorCode.BAD_PARAMS, `没有该用户：${target.who}`);
    return [userId];
  }
  const since = new Date(now - target.days * 86_400_000);
  const ids =
    target.kind === 'newUsers'
      ? await userIdsRegisteredSince(db, since, GRANT_MAX_USERS + 1)
      : await buyerIdsOfGame(db, target.applicationId, since, GRANT_MAX_USERS + 1);
  if (ids.length > GRANT_MAX_USERS)
    throw new AppError(ErrorCode.BAD_PARAMS, `发放对象超过${GRANT_MAX_USERS}人，请缩短天数分批发放`);
  if (ids.length === 0) throw new AppError(ErrorCode.BAD_PARAMS, '没有符合条件的用户');
  return ids;
}

/**
 * Grants a campaign to a target under the grant's number: the same number answers its first result
 * (a retry grants nobody twice); coupons a user holds already from the campaign are not written
 * again; the budget holds (grantEvent). Each user granted is told by a notice.
 */
export async function grantAsStaff(
  deps: OpsCouponsDeps,
  a: Acting,
  eventId: string,
  grantId: string,
  target: GrantTarget,
  now = Date.now(),
): Promise<OpsGrantResult> {
  const { db } = deps;
  const earlier = await grantByNumber(db, grantId);
  if (earlier) return repeatOf(earlier, eventId);
  if (!(await campaignById(db, eventId))) throw new AppError(ErrorCode.BAD_PARAMS, '活动不存在');
  const userIds = await targeted(db, target, now);
  const outcome = await db
    .transaction()
    .execute(async (trx) => {
      const granted = await grantEvent(trx, eventId, userIds, now, 'staff');
      const result = {
        targeted: userIds.length,
        users: new Set(granted.map((c) => c.user_id)).size,
        coupons: granted.length,
        fen: granted.reduce((sum, c) => sum + Number(c.amount_fen), 0),
      };
      // Two grants under one number at once: the second one's insert fails on the key and rolls back.
      await recordGrant(trx, { grantId, eventId, target, staffId: a.me.id, ...result });
      await writeAudit(trx, {
        staffId: a.me.id,
        action: StaffAction.COUPON_GRANT,
        ...(target.kind === 'user' && userIds[0] !== undefined ? { targetUserId: userIds[0] } : {}),
        before: { eventId },
        after: { eventId, grantId, target, ...result, reason: a.reason },
        ip: a.ip,
      });
      return { result, granted };
    })
    .catch(async (error: unknown) => {
      const again = await grantByNumber(db, grantId);
      if (again) return null;
      throw error;
    });
  if (!outcome) return repeatOf((await grantByNumber(db, grantId))!, eventId);
  for (const coupon of outcome.granted)
    await deps.notices?.notify(coupon.user_id, {
      kind: 'couponGranted',
      subject: coupon.name,
      amount: Number(coupon.amount_fen),
    });
  return { grantId, ...outcome.result, repeated: false };
}

function repeatOf(row: NonNullable<Awaited<ReturnType<typeof grantByNumber>>>, eventId: string): OpsGrantResult {
  if (row.event_id !== eventId) throw new AppError(ErrorCode.BAD_PARAMS, '发放单号已用于其他活动');
  return {
    grantId: row.grant_id,
    targeted: row.targeted,
    users: row.users,
    coupons: row.coupons,
    fen: Number(row.fen),
    repeated: true,
  };
}
