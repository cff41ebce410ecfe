import { commodityList } from '@app/protocol/calls/exchange';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { listCommodities } from './commodity.queries';

export function commodityListRoutes(app: FastifyInstance, platform: CallPlatform): void {
  registerCall(app, platform, commodityList, (input, ctx) =>
    listCommodities(platform.db, { ...input, applicationId: ctx.appId as string }),
  );
}
