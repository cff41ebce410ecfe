import { PartnerRefusal } from '@app/game-partner/partner-errors';
import type { FreezeInput, RoleSnapshot } from '@app/game-partner/partner-types';
import type { PublishAnswer } from '@app/protocol/calls/consignment';
import { CommodityType, type PropSubType, propSubTypeLabel, SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { formatCount } from '@app/protocol/format';
import { coinCountProblem, priceProblem, type SellRules, sellerReceives } from '@app/protocol/sell-rules';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import type { CommodityImage } from '../exchange/exchange.tables';
import { moveListing } from '../exchange/listing-moves';
import {
  hasHoldingListings,
  insertListing,
  type Listing,
  leaveToSweeper,
  listingById,
  recordFreeze,
  roleItemsOnShelf,
  roleSnapshotJson,
  showRoleImages,
} from '../exchange/listings';
import type { GameGateway } from '../games/game-gateway';
import { serverOf } from '../market/catalogue';
import { searchTextOf } from '../market/game-catalogue';
import { rememberTypes } from '../market/game-types';
import { type SellSetup, sellSetup } from '../market/sell-setup';
import { userIdOfUid } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { consignmentDb } from './consignment.tables';
import { itemRefusals, roleRefusal } from './role-checks';

/**
 * The port publishing asks whether the seller may trade from a game account (the identity
 * module's answer, composed in app.ts: its 实名登记 must be the seller's verified person); the
 * refusal's reason, or null.
 */
export type GameAccountRefusal = (
  userId: number,
  account: { gameId: string; accountId: string },
) => Promise<string | null>;

export interface ListingDeps {
  db: Db;
  gateway: GameGateway;
  gameAccountRefusal?: GameAccountRefusal | undefined;
  now?: () => number;
  /** 降价提醒: told after a listing went back on sale cheaper than it was last on sale (app.ts composes it). */
  priceDropped?: (drop: PriceDrop) => Promise<void>;
}

/** A listing buyable again at a lower price than when it was last on sale. */
export interface PriceDrop {
  commodityId: number;
  /** Not told of his own listing. */
  sellerUserId: number | null;
  title: string;
  /** Fen: the new, lower price. */
  priceFen: number;
}

export type Goods =
  | {
      kind: 'role';
      prePublishLockId?: string;
      saleType: typeof SaleType.NORMAL | typeof SaleType.PRESALE;
      deliverDays?: number;
    }
  | { kind: 'coins'; coinType: number; amount: number }
  | { kind: 'items'; itemIds: string[] };

export interface PublishInput {
  seller: { userId: number; uid: string };
  gameId: string;
  /** The game account the role must belong to (the token's account), or null for a key's role. */
  accountId: string | null;
  roleId: string;
  goods: Goods;
  /** Fen; null pre-freezes a prop (上架中) until publishFrozen sets its price. */
  price: number | null;
  designatedTradeId?: string | undefined;
  description?: string | undefined;
  source: 'sdk' | 'key' | 'manual';
  requireOnline: boolean;
  /** Roles are listed with the game's screenshots, except a manual pre-sale made outside the game. */
  requireScreenshots?: boolean;
}

const commodityTypeOf = (goods: Goods): CommodityType =>
  goods.kind === 'role' ? CommodityType.ROLE : goods.kind === 'coins' ? CommodityType.COIN : CommodityType.PROP;

/** A listing that waits for the game longer than this is released by the sweeper. */
export const FREEZE_WAIT_MS = 2 * 60_000;
/** A pre-frozen prop waits this long for its price. */
export const PRE_FREEZE_MS = 30 * 60_000;

const SHOT_TITLES: Record<string, string> = { equipment: '角色装备', bag: '背包', warehouse: '仓库', skills: '技能' };

export async function roleScreenshots(db: DbHandle, gameId: string, roleId: string): Promise<CommodityImage[]> {
  const rows = await consignmentDb(db)
    .selectFrom('role_screenshots')
    .select(['kind', 'url'])
    .where('game_id', '=', gameId)
    .where('role_id', '=', roleId)
    .execute();
  const order = Object.keys(SHOT_TITLES);
  return rows
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    .map((r) => ({ kind: r.kind, title: SHOT_TITLES[r.kind] ?? r.kind, url: r.url }));
}

/**
 * New screenshots of a role reach the manual pre-sale listings of it that are still held (they
 * were listed from outside the game, maybe before any screenshot existed).
 */
export async function refreshListingImages(db: DbHandle, gameId: string, roleId: string): Promise<void> {
  const shots = await roleScreenshots(db, gameId, roleId);
  if (shots.length === 0) return;
  await showRoleImages(db, gameId, roleId, shots);
}

/** The seller's chosen buyer (指定买家): an existing user's 唯一码, never the seller's own. */
export async function checkDesignated(db: Db, seller: { uid: string }, tradeId: string | undefined): Promise<void> {
  if (!tradeId) return;
  if (tradeId === seller.uid) throw new AppError(ErrorCode.BAD_PARAMS, '不能指定自己为买家');
  if ((await userIdOfUid(db, tradeId)) === null)
    throw new AppError(ErrorCode.BAD_PARAMS, '买家唯一码不存在，请核对后重试');
}

function answerOf(row: { id: number; status: number; price_fen: number; fee_fen: number; expires_at: Date | null }) {
  return {
    commodityId: String(row.id),
    status: row.status,
    price: Number(row.price_fen),
    fee: Number(row.fee_fen),
    receive: Number(row.price_fen) - Number(row.fee_fen),
    expireTime: row.expires_at ? Math.floor(row.expires_at.getTime() / 1000) : 0,
  } satisfies PublishAnswer;
}

/** Whether the user has a listing that still holds something in the game (on sale, delisted, in progress). */
export const hasActiveListings = (db: DbHandle, userId: number): Promise<boolean> => hasHoldingListings(db, userId);

const shelfFull = (rules: SellRules) =>
  new AppError(ErrorCode.BAD_PARAMS, `每个角色最多同时寄售${rules.itemShelfLimit}件道具`);

interface Checked {
  setup: SellSetup;
  snap: RoleSnapshot;
  coin?: { type: number; name: string };
  items?: RoleSnapshot['bag'];
}

/** Everything that can refuse before anything is written or frozen. */
async function check(deps: ListingDeps, input: PublishInput, now: number): Promise<Checked> {
  const { db, gateway } = deps;
  const snap = await gateway.snapshot(input.gameId, input.roleId);
  if (input.accountId !== null && snap.accountId !== input.accountId)
    throw new AppError(ErrorCode.BAD_PARAMS, '角色不属于当前游戏账号');
  // The role's coin types count for the rules now; the game's catalogue records them once every check passed.
  const setup = await sellSetup(db, input.gameId, snap);
  const { rules } = setup;
  if (!setup.consignmentOpen) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放寄售');
  if (input.requireOnline && !snap.online)
    throw new AppError(ErrorCode.BAD_PARAMS, '角色已掉线，请重新登录游戏再次尝试');
  const registration = await deps.gameAccountRefusal?.(input.seller.userId, {
    gameId: input.gameId,
    accountId: snap.accountId,
  });
  if (registration) throw new AppError(ErrorCode.BAD_PARAMS, registration);
  const { goods } = input;
  const out: Checked = { setup, snap };
  if (goods.kind === 'role') {
    if (goods.saleType === SaleType.PRESALE && !setup.presaleOpen)
      throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放预售');
    const refusal = await roleRefusal(db, input.gameId, snap, rules, now);
    if (refusal) throw refusal;
    if (input.requireScreenshots !== false && (await roleScreenshots(db, input.gameId, snap.roleId)).length === 0)
      throw new AppError(ErrorCode.BAD_PARAMS, '请先截取角色截图');
  } else if (goods.kind === 'coins') {
    const balance = snap.coins[goods.coinType - 1];
    if (!balance) throw new AppError(ErrorCode.BAD_PARAMS, '没有这种游戏币');
    const rule = rules.coinRules.find((r) => r.coinType === goods.coinType);
    const problem = coinCountProblem(goods.amount, balance.available, rule);
    if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
    out.coin = { type: goods.coinType, name: balance.coinType };
  } else {
    if (!setup.itemExchangeOpen) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放道具交易');
    const all = [...snap.equipment, ...snap.bag, ...snap.warehouse];
    const items = goods.itemIds.map((id) => {
      const item = all.find((i) => i.id === id);
      if (!item) throw new AppError(ErrorCode.BAD_PARAMS, '道具不存在');
      return item;
    });
    const refusals = await itemRefusals(db, input.gameId, items, rules, now);
    const first = refusals.values().next();
    if (!first.done) throw new AppError(ErrorCode.BAD_PARAMS, first.value);
    if ((await roleItemsOnShelf(db, input.gameId, snap.roleId)) >= rules.itemShelfLimit) throw shelfFull(rules);
    out.items = items;
  }
  if (input.price !== null) {
    const problem = priceProblem(
      commodityTypeOf(goods),
      input.price,
      rules,
      goods.kind === 'coins' ? goods.coinType : undefined,
    );
    if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  }
  await checkDesignated(db, input.seller, input.designatedTradeId);
  return out;
}

function freezeOf(goods: Goods, listingId: string, roleId: string, coinName: string | undefined): FreezeInput {
  if (goods.kind === 'role')
    return {
      kind: 'role',
      listingId,
      roleId,
      ...(goods.prePublishLockId ? { prePublishLockId: goods.prePublishLockId } : {}),
    };
  if (goods.kind === 'coins')
    return { kind: 'coins', listingId, roleId, coinType: coinName ?? '', amount: goods.amount };
  return { kind: 'items', listingId, roleId, itemIds: goods.itemIds };
}

/**
 * Lists something a role owns: checks every rule, writes the listing as 上架中 (6), asks the game
 * to freeze it, then puts it on sale (1). A refusal by the game ends it as 上架失败 (-1) with the
 * game's reason; an unknown outcome is released in the game before the listing fails, and what
 * cannot be released now is left to the sweeper (pending_until). Nothing stays half-listed.
 */
export async function publishListing(deps: ListingDeps, input: PublishInput): Promise<PublishAnswer> {
  const { db, gateway } = deps;
  const now = (deps.now ?? Date.now)();
  const { setup, snap, coin, items } = await check(deps, input, now);
  await rememberTypes(db, input.gameId, snap);
  const server = await serverOf(db, input.gameId, snap.serverId);
  const serverName = server?.name ?? snap.serverName;
  const shots = await roleScreenshots(db, input.gameId, snap.roleId);
  const { goods } = input;
  const type = commodityTypeOf(goods);
  const item = items?.[0];
  const title =
    goods.kind === 'role'
      ? `${snap.level}级${snap.jobName}·${snap.name}｜战力${formatCount(snap.roleAtt)}｜${serverName}`
      : goods.kind === 'coins'
        ? `${formatCount(goods.amount)}${coin?.name ?? ''}`
        : `${items?.map((i) => i.name).join('、')}｜${propSubTypeLabel[item?.subType as PropSubType] ?? '道具'}`;
  const images = goods.kind === 'role' ? shots : shots.filter((s) => s.kind === 'bag' || s.kind === 'warehouse');
  const price = input.price ?? 0;
  const { fee } = sellerReceives(price, setup.rules);
  // The listings of one role are written one at a time, the shelf counted again under the lock;
  // the seller's account is held open while its listing is written (account removal waits).
  const listingNo = await db.transaction().execute(async (trx) => {
    await lockKey(trx, 'listing:role', `${input.gameId}:${snap.roleId}`);
    await holdOpenAccount(trx, input.seller.userId);
    if (
      goods.kind === 'items' &&
      (await roleItemsOnShelf(trx, input.gameId, snap.roleId)) >= setup.rules.itemShelfLimit
    )
      throw shelfFull(setup.rules);
    return insertListing(trx, {
      type,
      title,
      application_id: input.gameId,
      game_name: setup.gameName,
      server_id: snap.serverId,
      server_name: serverName,
      master_server_id: server?.masterServerId ?? '',
      role_name: type === CommodityType.ROLE ? snap.name : null,
      role_class_name: type === CommodityType.ROLE ? snap.jobName : null,
      role_level: type === CommodityType.ROLE ? snap.level : null,
      role_type: type === CommodityType.ROLE ? snap.jobId : null,
      coin_type_name: coin?.name ?? null,
      coin_type: coin?.type ?? null,
      coin_num: goods.kind === 'coins' ? goods.amount : null,
      unit_price_wan: goods.kind === 'coins' && price > 0 ? Math.round((price * 10_000) / goods.amount) : null,
      sub_type: item?.subType ?? null,
      item_name: item?.name ?? null,
      item_ids: JSON.stringify(goods.kind === 'items' ? goods.itemIds : []),
      first_img: images[0]?.url ?? setup.iconUrl,
      price_fen: price,
      fee_fen: fee,
      sale_type: goods.kind === 'role' ? goods.saleType : 0,
      deliver_days: goods.kind === 'role' && goods.saleType === SaleType.PRESALE ? (goods.deliverDays ?? 7) : null,
      auction_enable: 0,
      status: ListingStatus.LISTING,
      published_at: new Date(now),
      pending_until: new Date(now + (input.price === null ? PRE_FREEZE_MS : FREEZE_WAIT_MS)),
      search_text: searchTextOf([title, snap.name, serverName, item?.name, snap.jobName, coin?.name]),
      seller_user_id: input.seller.userId,
      game_account_id: snap.accountId,
      game_role_id: snap.roleId,
      designated_trade_id: input.designatedTradeId ?? null,
      source: input.source,
      snapshot: type === CommodityType.ROLE ? roleSnapshotJson(snap) : null,
      images: JSON.stringify(images),
      description:
        input.description ??
        (type === CommodityType.ROLE
          ? `${snap.jobName}${snap.level}级，战力${snap.roleAtt}。`
          : '游戏内冻结，付款后发放到您的角色。'),
    });
  });
  const listingId = String(listingNo);
  try {
    await gateway.freeze(
      input.gameId,
      { ...freezeOf(goods, listingId, snap.roleId, coin?.name), requireOnline: input.requireOnline },
      `freeze-${listingId}`,
    );
  } catch (error) {
    await failListing(deps, listingNo, input.gameId, snap.roleId, error);
    throw error instanceof PartnerRefusal ? gameRefusal(gateway, error) : unavailable();
  }
  await recordFreeze(db, listingNo);
  if (input.price === null) return answerOf(await listingRow(db, listingNo));
  return putOnSale(deps, listingNo, setup.rules.commodityExpireHour, now);
}

/** 上架中 → 在售 for commodityExpireHour. */
export async function putOnSale(deps: ListingDeps, id: number, expireHour: number, now: number) {
  const moved = await moveListing(
    deps.db,
    id,
    ListingStatus.LISTING,
    ListingStatus.ON_SALE,
    {
      published_at: new Date(now),
      expires_at: new Date(now + expireHour * 3_600_000),
      pending_until: null,
    },
    new Date(now),
  );
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '上架已超时，请重新寄售');
  return answerOf(await listingRow(deps.db, id));
}

export async function listingRow(db: DbHandle, id: number): Promise<Listing> {
  const row = await listingById(db, id);
  if (!row) throw new Error(`listing ${id} not found`);
  return row;
}

const unavailable = () => new AppError(ErrorCode.BAD_PARAMS, '游戏服务暂不可用，请稍后再试');

function gameRefusal(gateway: GameGateway, error: PartnerRefusal): AppError {
  try {
    return gateway.refusal(error);
  } catch (translated) {
    return translated as AppError;
  }
}

/**
 * The game refused (nothing frozen) or the answer was lost (maybe frozen): release whatever the
 * listing may hold, then 上架中 → 上架失败. If the release itself fails the listing stays 上架中
 * with pending_until now, and the sweeper releases it.
 */
export async function failListing(
  deps: ListingDeps,
  id: number,
  gameId: string,
  roleId: string,
  cause: unknown,
  note = cause instanceof PartnerRefusal ? cause.message : '游戏服务暂不可用',
): Promise<void> {
  if (!(cause instanceof PartnerRefusal)) {
    try {
      await deps.gateway.unfreeze(gameId, { listingId: String(id), roleId }, `release-${id}`);
    } catch {
      await leaveToSweeper(deps.db, id, note);
      return;
    }
  }
  await moveListing(deps.db, id, ListingStatus.LISTING, ListingStatus.LISTING_FAILED, { note, pending_until: null });
}
