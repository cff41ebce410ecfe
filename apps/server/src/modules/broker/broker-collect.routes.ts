import { brokerClearInvalidCollect, brokerCollect, brokerMyCollect } from '@app/protocol/calls/broker';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { clearInvalidBrokerCollects, collectBrokerListing, myBrokerCollects } from './broker-collect.service';

/** Collections of broker listings (`/…/api/app/broker/v1/commodity/collect`, `myCollect`, `clearInvalidCollect`). */
export function brokerCollectRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;
  registerCall(app, platform, brokerCollect, (input, ctx) =>
    collectBrokerListing(db, ctx.user.userId, input.commodityId, input.collect),
  );
  registerCall(app, platform, brokerMyCollect, (input, ctx) => myBrokerCollects(db, ctx.user.userId, input));
  registerCall(app, platform, brokerClearInvalidCollect, (_input, ctx) =>
    clearInvalidBrokerCollects(db, ctx.user.userId),
  );
}
