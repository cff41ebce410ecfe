import {
  appBrokerConfig,
  brokerChannels,
  brokerCommodityInfo,
  brokerCommodityList,
  brokerDownShelf,
  brokerOnShelf,
  brokerServerAll,
  delCommodity,
  getMyCommodityList,
  goldType,
  merchantApply,
  merchantInfo,
  merchantLeave,
  publishCommodity,
  updateCommodityStock,
} from '@app/protocol/calls/broker';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';
import { brokerListingDetail } from './broker-collect.service';
import { brokerConfig, openBrokerChannels } from './broker-config';
import {
  brokerMarket,
  moveBrokerListing,
  myBrokerListings,
  publishBrokerListing,
  setBrokerStock,
} from './broker-listing.service';
import { applyAsMerchant, merchantOf, toMerchant } from './merchant.service';
import { leaveMerchant } from './merchant-leave';

/** The broker channel's calls (`/…/api/app/broker/v1/…`): thin, over the config, merchant and listing services. */
export function brokerRoutes(app: FastifyInstance, platform: CallPlatform, gateway: GameGateway): void {
  const { db } = platform;
  registerCall(app, platform, appBrokerConfig, (input) => brokerConfig(db, input.applicationId));
  registerCall(app, platform, brokerChannels, () => openBrokerChannels(db));
  registerCall(app, platform, goldType, async (input) => ({
    list: (await brokerConfig(db, input.applicationId)).goldTypes,
  }));
  registerCall(app, platform, brokerServerAll, async (input) => {
    await brokerConfig(db, input.applicationId);
    const { servers } = await gateway.servers(input.applicationId);
    return { list: servers.map((s) => ({ serverId: s.id, serverName: s.name, masterServerId: s.masterServerId })) };
  });
  registerCall(app, platform, merchantApply, async (input, ctx) =>
    toMerchant(await applyAsMerchant(db, ctx.user.userId, input)),
  );
  registerCall(app, platform, merchantLeave, async (input, ctx) =>
    toMerchant(await leaveMerchant(db, ctx.user.userId, input.applicationId)),
  );
  registerCall(app, platform, merchantInfo, async (input, ctx) => {
    const row = await merchantOf(db, ctx.user.userId, input.applicationId);
    return { merchant: row ? toMerchant(row) : null };
  });
  registerCall(app, platform, publishCommodity, (input, ctx) => publishBrokerListing(db, ctx.user.userId, input));
  registerCall(app, platform, updateCommodityStock, (input, ctx) =>
    setBrokerStock(db, ctx.user.userId, input.commodityId, input.stock),
  );
  registerCall(app, platform, brokerOnShelf, (input, ctx) =>
    moveBrokerListing(db, ctx.user.userId, input.commodityId, 'onShelf'),
  );
  registerCall(app, platform, brokerDownShelf, (input, ctx) =>
    moveBrokerListing(db, ctx.user.userId, input.commodityId, 'downShelf'),
  );
  registerCall(app, platform, delCommodity, (input, ctx) =>
    moveBrokerListing(db, ctx.user.userId, input.commodityId, 'delete'),
  );
  registerCall(app, platform, getMyCommodityList, (input, ctx) => myBrokerListings(db, ctx.user.userId, input));
  registerCall(app, platform, brokerCommodityList, (input) => brokerMarket(db, input));
  registerCall(app, platform, brokerCommodityInfo, (input, ctx) =>
    brokerListingDetail(db, Number(input.commodityId), ctx.user?.userId),
  );
}
