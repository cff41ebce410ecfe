import {
  customerServiceIntervention,
  getCustomerService,
  getRateCustomerService,
  rateCustomerService,
  urgeBuyerReceipt,
  urgeSellerDelivery,
} from '@app/protocol/calls/customer-service';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import {
  askForService,
  latestRequest,
  partyOf,
  rateService,
  ratingOf,
  type SupportDeps,
  toIntervention,
  urge,
} from './support.service';

export function supportRoutes(app: FastifyInstance, platform: CallPlatform, deps: SupportDeps): void {
  const { db } = deps;
  registerCall(app, platform, customerServiceIntervention, async (input, ctx) =>
    toIntervention(await askForService(deps, ctx.user.userId, Number(input.orderId), input.reason)),
  );
  registerCall(app, platform, getCustomerService, async (input, ctx) => {
    await partyOf(db, ctx.user.userId, Number(input.orderId));
    const row = await latestRequest(db, Number(input.orderId));
    return { intervention: row ? toIntervention(row) : null };
  });
  registerCall(app, platform, rateCustomerService, (input, ctx) =>
    rateService(db, ctx.user.userId, Number(input.orderId), input.score, input.comment ?? ''),
  );
  registerCall(app, platform, getRateCustomerService, (input, ctx) =>
    ratingOf(db, ctx.user.userId, Number(input.orderId)),
  );
  registerCall(app, platform, urgeSellerDelivery, (input, ctx) =>
    urge(deps, ctx.user.userId, Number(input.orderId), 'delivery'),
  );
  registerCall(app, platform, urgeBuyerReceipt, (input, ctx) =>
    urge(deps, ctx.user.userId, Number(input.orderId), 'receipt'),
  );
}
