import {
  checkConsignmentSwitch,
  h5sdkSellConfig,
  onShelfItemNum,
  openItemExchange,
  preFreezeItem,
  preSellConfig,
  publishAccount,
  publishCoin,
  publishFreezeItem,
  publishItem,
  publishPreSale,
  sellableItems,
  sellConfig,
  sellPriceReference,
} from '@app/protocol/calls/consignment';
import { CommodityType, SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { roleItemsOnShelf } from '../exchange/listings';
import { COIN_REFERENCE_DAYS, GOODS_REFERENCE_DAYS, referenceBand } from '../exchange/price-reference';
import type { GameGateway } from '../games/game-gateway';
import { serverOf } from '../market/catalogue';
import { rememberTypes } from '../market/game-types';
import { sellSetup } from '../market/sell-setup';
import { requireSaleReady } from '../user/sale-lock.service';
import {
  type GameAccountRefusal,
  type ListingDeps,
  listingRow,
  PRE_FREEZE_MS,
  type PublishInput,
  publishListing,
  roleScreenshots,
} from './listing.service';
import { holdingFix, itemRefusals, roleRefusal } from './role-checks';
import { publishFrozen } from './shelf.service';

/** Inside the game: the seller (X-Token) and the role (game token) it lists from. */
function sellerAndRole(ctx: CallContext<'pt'>) {
  if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
  const { player } = ctx;
  if (!player.roleId) throw new AppError(ErrorCode.BAD_PARAMS, '请先在游戏中选择角色');
  return { seller: { userId: ctx.user.userId, uid: ctx.user.uid }, player: { ...player, roleId: player.roleId } };
}

const PRESALE_DAYS = [3, 7, 15, 30];

/** Listing from the SDK view (h5sdk, game token) and the rules it lists under. */
export function publishRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  gameAccountRefusal?: GameAccountRefusal,
): void {
  const { db } = platform;
  const deps: ListingDeps = { db, gateway, gameAccountRefusal };
  const publicSetup = async (applicationId: string) => {
    const s = await sellSetup(db, applicationId);
    return {
      applicationId: s.applicationId,
      gameName: s.gameName,
      consignmentOpen: s.consignmentOpen,
      itemExchangeOpen: s.itemExchangeOpen,
      rules: s.rules,
    };
  };

  registerCall(app, platform, sellConfig, (_i, ctx) => publicSetup(ctx.appId));

  registerCall(app, platform, checkConsignmentSwitch, async (_i, ctx) => {
    const s = await sellSetup(db, ctx.appId);
    return {
      open: s.consignmentOpen,
      roleOpen: s.consignmentOpen,
      coinOpen: s.consignmentOpen,
      itemOpen: s.consignmentOpen && s.itemExchangeOpen,
    };
  });

  registerCall(app, platform, h5sdkSellConfig, async (_i, ctx) => {
    const { player } = sellerAndRole(ctx);
    const snap = await gateway.snapshot(player.gameId, player.roleId);
    await rememberTypes(db, player.gameId, snap);
    const setup = await publicSetup(player.gameId);
    const refusal = await roleRefusal(db, player.gameId, snap, setup.rules, Date.now());
    const { roles } = await gateway.roles(player.gameId, snap.accountId, snap.serverId);
    return {
      ...setup,
      role: {
        roleId: snap.roleId,
        name: snap.name,
        jobName: snap.jobName,
        level: snap.level,
        roleAtt: snap.roleAtt,
        serverId: snap.serverId,
        serverName: snap.serverName,
        recharge: snap.recharge,
        online: snap.online,
        safeZone: snap.safeZone,
        locked: roles.find((r) => r.id === snap.roleId)?.locked ?? false,
      },
      roleRefusal: refusal ? { code: refusal.code, msg: refusal.message, ...holdingFix(refusal) } : null,
      screenshots: (await roleScreenshots(db, player.gameId, snap.roleId)).map((s) => ({ kind: s.kind, url: s.url })),
    };
  });

  registerCall(app, platform, preSellConfig, async (_i, ctx) => {
    const { player } = sellerAndRole(ctx);
    const s = await sellSetup(db, player.gameId);
    return {
      open: s.consignmentOpen && s.presaleOpen,
      deliverDays: PRESALE_DAYS,
      minPrice: s.rules.roleMinPrice,
      servicePercent: s.rules.servicePercent,
      maxServiceCharge: s.rules.maxServiceCharge,
    };
  });

  /** Prerequisites in the order of business-flows §4, then the listing itself. */
  const publish = async (
    ctx: CallContext<'pt'>,
    input: { price: number | null; designatedTradeId?: string | undefined; description?: string | undefined },
    goods: PublishInput['goods'],
  ) => {
    const { seller, player } = sellerAndRole(ctx);
    await requireSaleReady(db, seller.userId);
    return publishListing(deps, {
      seller,
      gameId: player.gameId,
      accountId: player.accountId,
      roleId: player.roleId,
      goods,
      price: input.price,
      designatedTradeId: input.designatedTradeId,
      description: input.description,
      source: 'sdk',
      requireOnline: true,
    });
  };

  registerCall(app, platform, publishAccount, (input, ctx) =>
    publish(ctx, input, { kind: 'role', saleType: SaleType.NORMAL }),
  );
  registerCall(app, platform, publishPreSale, (input, ctx) =>
    publish(ctx, input, { kind: 'role', saleType: SaleType.PRESALE, deliverDays: input.deliverDays }),
  );
  registerCall(app, platform, publishCoin, (input, ctx) =>
    publish(ctx, input, { kind: 'coins', coinType: input.coinType, amount: input.coinNum }),
  );
  registerCall(app, platform, publishItem, (input, ctx) =>
    publish(ctx, input, { kind: 'items', itemIds: [input.itemId] }),
  );
  registerCall(app, platform, preFreezeItem, async (input, ctx) => {
    const answer = await publish(ctx, { price: null }, { kind: 'items', itemIds: [input.itemId] });
    const row = await listingRow(db, Number(answer.commodityId));
    return {
      commodityId: answer.commodityId,
      itemName: row.item_name ?? '',
      expireTime: Math.floor((row.pending_until?.getTime() ?? Date.now() + PRE_FREEZE_MS) / 1000),
    };
  });
  registerCall(app, platform, publishFreezeItem, async (input, ctx) => {
    const { seller, player } = sellerAndRole(ctx);
    await requireSaleReady(db, seller.userId);
    return publishFrozen(deps, seller, { ...input, roleId: player.roleId });
  });

  registerCall(app, platform, openItemExchange, async (_i, ctx) => {
    const { player } = sellerAndRole(ctx);
    const s = await sellSetup(db, player.gameId);
    return { open: s.consignmentOpen && s.itemExchangeOpen };
  });

  registerCall(app, platform, onShelfItemNum, async (_i, ctx) => {
    const { player } = sellerAndRole(ctx);
    const s = await sellSetup(db, player.gameId);
    return { count: await roleItemsOnShelf(db, player.gameId, player.roleId), limit: s.rules.itemShelfLimit };
  });

  registerCall(app, platform, sellableItems, async (_i, ctx) => {
    const { player } = sellerAndRole(ctx);
    const s = await sellSetup(db, player.gameId);
    const { items } = await gateway.items(player.gameId, player.roleId);
    const refusals = await itemRefusals(db, player.gameId, items, s.rules, Date.now());
    return {
      list: items.map((i) => ({
        itemId: i.id,
        name: i.name,
        subType: i.subType,
        place: i.place,
        refusal: refusals.get(i.id) ?? null,
      })),
    };
  });

  // 市场参考价: what goods like these sold for, for the sell form's band and its warning.
  registerCall(app, platform, sellPriceReference, async (input, ctx) => {
    const { player } = sellerAndRole(ctx);
    const snap = await gateway.snapshot(player.gameId, player.roleId);
    const server = await serverOf(db, player.gameId, snap.serverId);
    const subject = { applicationId: player.gameId, type: input.type, masterServerId: server?.masterServerId ?? '' };
    if (input.type === CommodityType.COIN) {
      if (input.coinType === undefined) throw new AppError(ErrorCode.BAD_PARAMS, '请选择游戏币类型');
      const band = await referenceBand(db, { ...subject, coinType: input.coinType });
      return { band, perWan: true, days: COIN_REFERENCE_DAYS };
    }
    if (input.type === CommodityType.ROLE) {
      const band = await referenceBand(db, { ...subject, roleType: snap.jobId, roleLevel: snap.level });
      return { band, perWan: false, days: GOODS_REFERENCE_DAYS };
    }
    const { items } = await gateway.items(player.gameId, player.roleId);
    const item = items.find((i) => i.id === input.itemId);
    if (!item) throw new AppError(ErrorCode.BAD_PARAMS, '请选择要寄售的道具');
    const band = await referenceBand(db, { ...subject, itemName: item.name, subType: item.subType });
    return { band, perWan: false, days: GOODS_REFERENCE_DAYS };
  });
}
