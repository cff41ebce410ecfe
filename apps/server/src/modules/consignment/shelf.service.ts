import { PartnerRefusal } from '@app/game-partner/partner-errors';
import type { ShelfItem, ShelfTab } from '@app/protocol/calls/consignment-shelf';
import { CommodityType, SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { priceProblem, sellerReceives } from '@app/protocol/sell-rules';
import {
  LISTING_SOLD_NOTE,
  ListingStatus,
  listingActions,
  listingStatusLabel,
} from '@app/protocol/statuses/listing-status';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { runningAuctionHasBids } from '../auction/auction-moves';
import { toCard } from '../exchange/commodity.queries';
import type { CommoditiesTable } from '../exchange/exchange.tables';
import { moveListing } from '../exchange/listing-moves';
import {
  editDelisted,
  lockRelistPrices,
  priceFrozenProp,
  sellerListing,
  sellerListingsPage,
} from '../exchange/listings';
import { sellSetup } from '../market/sell-setup';
import { checkDesignated, type ListingDeps, listingRow, putOnSale } from './listing.service';

/** The seller's delisting of an auction with a bid, refused (docs/decisions: what each side risks). */
const AUCTION_BID_ON = '拍卖已有人出价，不能下架，请等待拍卖结束';

type Row = Awaited<ReturnType<typeof listingRow>>;

export const SHELF_TAB_STATUSES: Record<Exclude<ShelfTab, 'all'>, ListingStatus[]> = {
  onSale: [ListingStatus.ON_SALE],
  delisted: [ListingStatus.DELISTED, ListingStatus.RETRIEVING, ListingStatus.RETRIEVE_FAILED],
  selling: [ListingStatus.SELLING, ListingStatus.LISTING, ListingStatus.FROZEN],
  ended: [ListingStatus.INVALID, ListingStatus.LISTING_FAILED],
};

export function toShelfItem(r: Row): ShelfItem {
  const status = r.status as ListingStatus;
  const sold = status === ListingStatus.INVALID && r.note === LISTING_SOLD_NOTE;
  return {
    ...toCard(r),
    status,
    statusLabel: sold
      ? LISTING_SOLD_NOTE
      : status === ListingStatus.INVALID && r.taken_back_at
        ? '已取回'
        : listingStatusLabel[status],
    actions: [...listingActions[status]],
    fee: Number(r.fee_fen),
    receive: Number(r.price_fen) - Number(r.fee_fen),
    expireTime: status === ListingStatus.ON_SALE && r.expires_at ? Math.floor(r.expires_at.getTime() / 1000) : null,
    designatedTradeId: r.designated_trade_id,
    deliverDays: r.deliver_days,
    // A sale says so in its label; the note would say it again.
    note: sold ? null : r.note,
    updatedAt: Math.floor(r.updated_at.getTime() / 1000),
  };
}

export async function shelfPage(
  db: DbHandle,
  q: { sellerUserId: number; applicationId?: string | undefined; tab: ShelfTab; type?: number | undefined },
  page: number,
  pageSize: number,
) {
  const rows = await sellerListingsPage(
    db,
    {
      sellerUserId: q.sellerUserId,
      applicationId: q.applicationId,
      type: q.type,
      ...(q.tab === 'all' ? {} : { statuses: SHELF_TAB_STATUSES[q.tab] }),
    },
    page,
    pageSize,
  );
  return { list: rows.slice(0, pageSize).map(toShelfItem), hasMore: rows.length > pageSize };
}

/** The seller's own listing, or 30001 (a listing of someone else is as good as absent). */
async function ownListing(db: DbHandle, sellerUserId: number, commodityId: string): Promise<Row> {
  const row = await sellerListing(db, sellerUserId, Number(commodityId));
  if (!row) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST, '商品不存在');
  return row;
}

const NOT_NOW: Partial<Record<ListingStatus, string>> = {
  [ListingStatus.SELLING]: '商品交易中，暂不能操作',
  [ListingStatus.LISTING]: '商品正在上架，请稍后再试',
  [ListingStatus.RETRIEVING]: '商品正在取回中，请稍后查看',
  [ListingStatus.FROZEN]: '商品已被平台冻结，请联系客服',
  [ListingStatus.INVALID]: '商品已下架失效',
  [ListingStatus.LISTING_FAILED]: '商品上架失败，请重新寄售',
};

function refuse(row: Row, action: 'downShelf' | 'onShelf' | 'takeBack' | 'modifyPrice'): never {
  const status = row.status as ListingStatus;
  const why =
    NOT_NOW[status] ??
    (action === 'downShelf'
      ? '商品已下架'
      : status === ListingStatus.ON_SALE
        ? '请先下架商品'
        : '当前状态不能进行此操作');
  throw new AppError(ErrorCode.BAD_PARAMS, why);
}

function allowed(row: Row, action: 'downShelf' | 'onShelf' | 'takeBack' | 'modifyPrice') {
  if (!listingActions[row.status as ListingStatus].includes(action)) refuse(row, action);
}

/** 在售 → 已下架. What the game froze stays frozen until it is taken back or relisted. */
export async function downShelf(deps: ListingDeps, sellerUserId: number, commodityId: string): Promise<ShelfItem> {
  const row = await ownListing(deps.db, sellerUserId, commodityId);
  allowed(row, 'downShelf');
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveListing(trx, row.id, ListingStatus.ON_SALE, ListingStatus.DELISTED, { note: null }))) return false;
    // An auction somebody bid on binds its seller as the winner's deposit binds the winner: it runs to its end.
    if (await runningAuctionHasBids(trx, row.id)) throw new AppError(ErrorCode.BAD_PARAMS, AUCTION_BID_ON);
    return true;
  });
  if (!moved) refuse(await listingRow(deps.db, row.id), 'downShelf');
  return toShelfItem(await listingRow(deps.db, row.id));
}

/**
 * 已下架 → 在售 for another commodityExpireHour (the game still holds it frozen).
 *
 * 降价提醒: a price changes only while the listing is delisted (modifyPrice and updatePreSaleInfo,
 * editDelisted; publishFrozen prices a 上架中 prop nobody could collect; a manual pre-sale's price is
 * its record's until it is listed), when no collector can buy it. So the drop is told here, when it is
 * buyable again: the first price edit since it was on sale kept that price (last_on_sale_price_fen),
 * this move reads it under the row's lock and clears it, and after the commit, when the price now is
 * lower, the collectors hear once (deps.priceDropped: every collector but the seller, the new price).
 * Edits that end at the old price or above, a relist without a price edit, a take-back: nothing.
 * The notification never undoes the relist (it is told after, and swallows its failures).
 */
export async function onShelf(deps: ListingDeps, sellerUserId: number, commodityId: string): Promise<ShelfItem> {
  const row = await ownListing(deps.db, sellerUserId, commodityId);
  allowed(row, 'onShelf');
  const setup = await sellSetup(deps.db, row.application_id);
  if (!setup.consignmentOpen) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放寄售');
  const now = (deps.now ?? Date.now)();
  const relisted = await deps.db.transaction().execute(async (trx) => {
    const prices = await lockRelistPrices(trx, row.id);
    if (!prices) return undefined;
    const moved = await moveListing(trx, row.id, ListingStatus.DELISTED, ListingStatus.ON_SALE, {
      expires_at: new Date(now + setup.rules.commodityExpireHour * 3_600_000),
      published_at: new Date(now),
      note: null,
      last_on_sale_price_fen: null,
    });
    return moved ? prices : undefined;
  });
  if (!relisted) refuse(await listingRow(deps.db, row.id), 'onShelf');
  const { lastOnSalePriceFen, priceFen } = relisted;
  if (deps.priceDropped && lastOnSalePriceFen !== null && priceFen < lastOnSalePriceFen)
    await deps.priceDropped({
      commodityId: row.id,
      sellerUserId: relisted.sellerUserId,
      title: relisted.title,
      priceFen,
    });
  return toShelfItem(await listingRow(deps.db, row.id));
}

/**
 * 已下架 (or 取回失败) → 取回中 → the game releases everything the listing froze → 已取回 (0).
 * A refusal leaves it 取回失败 with the game's reason, which the seller may retry; a lost answer
 * leaves it 取回中 for the sweeper to finish.
 */
export async function takeBack(deps: ListingDeps, sellerUserId: number, commodityId: string): Promise<ShelfItem> {
  const row = await ownListing(deps.db, sellerUserId, commodityId);
  allowed(row, 'takeBack');
  if (!(await moveListing(deps.db, row.id, row.status as ListingStatus, ListingStatus.RETRIEVING, { note: null })))
    refuse(await listingRow(deps.db, row.id), 'takeBack');
  await finishTakeBack(deps, row);
  return toShelfItem(await listingRow(deps.db, row.id));
}

export async function finishTakeBack(
  deps: ListingDeps,
  row: Pick<CommoditiesTable, 'application_id' | 'game_role_id'> & { id: number },
): Promise<void> {
  const now = (deps.now ?? Date.now)();
  try {
    await deps.gateway.unfreeze(
      row.application_id,
      { listingId: String(row.id), roleId: row.game_role_id ?? '' },
      `release-${row.id}`,
    );
  } catch (error) {
    if (error instanceof PartnerRefusal)
      await moveListing(deps.db, row.id, ListingStatus.RETRIEVING, ListingStatus.RETRIEVE_FAILED, {
        note: error.message,
      });
    return;
  }
  await moveListing(deps.db, row.id, ListingStatus.RETRIEVING, ListingStatus.INVALID, {
    taken_back_at: new Date(now),
    expires_at: null,
    note: '已取回到游戏',
  });
}

/** A delisted listing's new price, under the rules of publishing; the fee follows it. */
export async function modifyPrice(
  deps: ListingDeps,
  sellerUserId: number,
  commodityId: string,
  change: { price?: number | undefined; deliverDays?: number | undefined; description?: string | undefined },
  preSaleOnly = false,
): Promise<ShelfItem> {
  const row = await ownListing(deps.db, sellerUserId, commodityId);
  if (preSaleOnly && row.sale_type !== SaleType.PRESALE) throw new AppError(ErrorCode.BAD_PARAMS, '该商品不是预售商品');
  allowed(row, 'modifyPrice');
  const { rules } = await sellSetup(deps.db, row.application_id);
  if (change.price !== undefined) {
    const problem = priceProblem(row.type as CommodityType, change.price, rules, row.coin_type ?? undefined);
    if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  }
  const updated = await editDelisted(deps.db, row.id, {
    price:
      change.price === undefined ? undefined : { fen: change.price, feeFen: sellerReceives(change.price, rules).fee },
    deliverDays: change.deliverDays,
    description: change.description,
  });
  if (!updated) refuse(await listingRow(deps.db, row.id), 'modifyPrice');
  return toShelfItem(await listingRow(deps.db, row.id));
}

/** A pre-frozen prop (上架中) gets its price and goes on sale. */
export async function publishFrozen(
  deps: ListingDeps,
  seller: { userId: number; uid: string },
  input: { commodityId: string; price: number; designatedTradeId?: string | undefined; roleId: string },
) {
  const row = await ownListing(deps.db, seller.userId, input.commodityId);
  if (
    row.type !== CommodityType.PROP ||
    row.game_role_id !== input.roleId ||
    row.status !== ListingStatus.LISTING ||
    !row.game_freeze_id
  )
    throw new AppError(ErrorCode.BAD_PARAMS, '该道具不在待上架状态，请重新选择');
  const { rules } = await sellSetup(deps.db, row.application_id);
  const problem = priceProblem(CommodityType.PROP, input.price, rules);
  if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  await checkDesignated(deps.db, seller, input.designatedTradeId);
  await priceFrozenProp(deps.db, row.id, {
    fen: input.price,
    feeFen: sellerReceives(input.price, rules).fee,
    designatedTradeId: input.designatedTradeId ?? null,
  });
  return putOnSale(deps, row.id, rules.commodityExpireHour, (deps.now ?? Date.now)());
}
