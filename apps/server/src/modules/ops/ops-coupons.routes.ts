import {
  campaignListQuery,
  campaignParams,
  campaignPayload,
  campaignStatusPayload,
  grantPayload,
} from '@app/protocol/ops-coupons';
import type { FastifyInstance } from 'fastify';
import {
  campaigns,
  createCampaignAsStaff,
  grantAsStaff,
  type OpsCouponsDeps,
  setCampaignStatusAsStaff,
} from './ops-coupons';
import { ok, parse, staffOf } from './ops-http';

const access = { config: { access: 'coupons' as const } };

/** 优惠券 (运营, 管理员): thin routes over ops-coupons.ts. */
export function opsCouponRoutes(ops: FastifyInstance, deps: OpsCouponsDeps): void {
  const { db } = deps;
  ops.get('/coupons/campaigns', access, async (request) =>
    ok(await campaigns(db, parse(campaignListQuery, request.query))),
  );
  ops.post('/coupons/campaigns', access, async (request) =>
    ok(await createCampaignAsStaff(db, staffOf(request), request.ip, parse(campaignPayload, request.body))),
  );
  ops.post('/coupons/campaigns/:eventId/status', access, async (request) => {
    const { eventId } = parse(campaignParams, request.params);
    const { status, reason } = parse(campaignStatusPayload, request.body);
    return ok(await setCampaignStatusAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, eventId, status));
  });
  ops.post('/coupons/campaigns/:eventId/grant', access, async (request) => {
    const { eventId } = parse(campaignParams, request.params);
    const { grantId, target, reason } = parse(grantPayload, request.body);
    return ok(await grantAsStaff(deps, { me: staffOf(request), reason, ip: request.ip }, eventId, grantId, target));
  });
}
