import type { sellToBid } from '@app/protocol/calls/bid-book';
import { BrokerListingStatus } from '@app/protocol/calls/broker';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { CoinBidStatus } from '@app/protocol/statuses/coin-bid-status';
import { AppError } from '../../platform/errors';
import { brokerListingById, reserveBrokerStock } from '../broker/broker-listing.service';
import type { BrokerOrderDeps } from '../broker/broker-order.queries';
import { startBrokerDelivery } from '../broker/broker-order-delivery';
import { createFilledBrokerOrder } from '../broker/broker-order-place';
import { approvedMerchant } from '../broker/merchant.service';
import { isLinkedGameAccount } from '../user/game-accounts';
import { phoneAndRealName } from '../user/user.queries';
import {
  type BidBookDeps,
  bidAmount,
  bidClock,
  bookServer,
  type CoinBidRow,
  closedBidMessage,
  openChannel,
} from './bid-book.service';
import { bidBookDb } from './bid-book.tables';
import { payBidFill } from './bid-money';
import { moveCoinBid } from './bid-moves';
import { claimSale, dropSale, finishSale, repeatedSale, type SaleAnswer } from './bid-sales';

const B = CoinBidStatus;
type SellInput = CallInput<typeof sellToBid>;

/** Where the coins come from: a merchant's broker listing, or a player's own role. */
type Source =
  | { kind: 'listing'; listingId: number; merchantId: number; shopName: string; deliverMinutes: number }
  | { kind: 'role'; gameAccountId: string; gameRoleId: string; deliverMinutes: number };

export interface FillDeps extends BidBookDeps {
  /** The broker orders the fills become (their chat, their delivery through the game). */
  orders: BrokerOrderDeps;
}

export interface Fill {
  bidId: string;
  orderId: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  status: number;
}

/**
 * sellToBid: the seller's checks first (phone and real name; a merchant's own listing on sale of
 * this master group and coin type with the stock, or a role of his linked account in the master
 * group holding the coins, the game asked), then the bids at or above his price are filled best
 * first (the highest price, then the oldest), each fill min(what is left to sell, what the bid
 * lacks) in its own transaction. A fill from a player's role starts its delivery at once; a
 * merchant delivers from his workbench.
 */
export async function sellCoinsToBids(deps: FillDeps, sellerUserId: number, input: SellInput): Promise<SaleAnswer> {
  const { db } = deps;
  const repeated = await repeatedSale(db, sellerUserId, input.requestKey);
  if (repeated) return repeated;
  const saleId = await claimSale(db, sellerUserId, input.requestKey);
  // The same key sent twice at once: the other one sells, this one answers its fills (or, when
  // the other was refused and freed the key, sells as if sent alone).
  if (saleId === null)
    return (await repeatedSale(db, sellerUserId, input.requestKey)) ?? sellCoinsToBids(deps, sellerUserId, input);
  const fills: Fill[] = [];
  try {
    const now = bidClock(deps);
    const plan = await salePlan(deps, sellerUserId, input, now);
    return await sellClaimed(deps, sellerUserId, input, { saleId, now, ...plan }, fills);
  } finally {
    if (fills.length > 0) await finishSale(db, saleId);
    else await dropSale(db, saleId);
  }
}

/** The seller's checks, his coins' source, and the bids he may sell to, best first. */
async function salePlan(deps: FillDeps, sellerUserId: number, input: SellInput, now: number) {
  const { db } = deps;
  const user = await phoneAndRealName(db, sellerUserId);
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!user.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const { config, goldName } = await openChannel(db, input.applicationId, input.goldType);
  const server = await bookServer(db, input.applicationId, input.serverId);
  const source = await sourceOf(deps, sellerUserId, input, {
    masterServerId: server.masterServerId,
    goldName,
    deliverMinutes: config.deliverMinutes,
  });
  const fee = (amount: number) => Math.round((amount * config.feePercent) / 100);

  let candidates: CoinBidRow[];
  if (input.bidId) {
    const bid = await bidBookDb(db)
      .selectFrom('coin_bids')
      .selectAll()
      .where('id', '=', Number(input.bidId))
      .executeTakeFirst();
    if (
      !bid ||
      bid.application_id !== input.applicationId ||
      bid.master_server_id !== server.masterServerId ||
      bid.gold_type !== input.goldType
    )
      throw new AppError(ErrorCode.BAD_PARAMS, '求购单不存在');
    if (bid.buyer_user_id === sellerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '不能卖给自己的求购');
    const closed = closedBidMessage(bid, now);
    if (closed) throw new AppError(ErrorCode.BAD_PARAMS, closed);
    if (Number(bid.unit_price_fen) < input.minPrice)
      throw new AppError(ErrorCode.BAD_PARAMS, '该求购的价格低于您的最低售价');
    candidates = [bid];
  } else {
    const book = bidBookDb(db)
      .selectFrom('coin_bids')
      .selectAll()
      .where('application_id', '=', input.applicationId)
      .where('master_server_id', '=', server.masterServerId)
      .where('gold_type', '=', input.goldType)
      .where('status', '=', B.OPEN)
      .where('expires_at', '>', new Date(now))
      .where('unit_price_fen', '>=', input.minPrice);
    candidates = await book
      .where('buyer_user_id', '!=', sellerUserId)
      .orderBy('unit_price_fen', 'desc')
      .orderBy('id')
      .limit(50)
      .execute();
    if (candidates.length === 0) {
      const own = await book.where('buyer_user_id', '=', sellerUserId).select('id').executeTakeFirst();
      throw new AppError(ErrorCode.BAD_PARAMS, own ? '不能卖给自己的求购' : '当前没有不低于该价格的求购');
    }
  }
  return { source, candidates, fee };
}

/** The fills of a claimed sale, best bid first; `fills` collects them as they commit. */
async function sellClaimed(
  deps: FillDeps,
  sellerUserId: number,
  input: SellInput,
  sale: { saleId: number; source: Source; candidates: CoinBidRow[]; now: number; fee: (amount: number) => number },
  fills: Fill[],
): Promise<SaleAnswer> {
  const { source, now, fee } = sale;
  let left = input.quantity;
  let lastRefusal: AppError | null = null;
  for (const candidate of sale.candidates) {
    if (left === 0) break;
    try {
      const fill = await fillBid(deps, candidate.id, sellerUserId, source, left, now, fee, sale.saleId);
      if (!fill) continue;
      left -= fill.quantity;
      fills.push(fill);
    } catch (error) {
      // The listing ran out of stock meanwhile: nothing more can be sold from it.
      if (error instanceof AppError && source.kind === 'listing') {
        lastRefusal = error;
        break;
      }
      throw error;
    }
  }
  if (fills.length === 0) {
    if (lastRefusal) throw lastRefusal;
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      input.bidId ? '该求购已被其他卖家成交，请刷新后重试' : '求购已被其他卖家成交，请刷新后重试',
    );
  }
  for (const fill of fills) {
    await deps.orders.events?.happened(Number(fill.orderId), 'paid');
    if (source.kind === 'role') fill.status = await deliverAtOnce(deps, sellerUserId, source, fill.orderId);
  }
  return { sold: input.quantity - left, amount: fills.reduce((sum, f) => sum + f.amount, 0), fills };
}

/** A player's fill: the coins leave his role at once (the broker order's delivery through the game). */
async function deliverAtOnce(
  deps: FillDeps,
  sellerUserId: number,
  source: Extract<Source, { kind: 'role' }>,
  orderId: string,
): Promise<number> {
  try {
    const order = await startBrokerDelivery(deps.orders, sellerUserId, {
      orderId,
      gameAccountId: source.gameAccountId,
      gameRoleId: source.gameRoleId,
    });
    return order.status;
  } catch {
    // The game did not take it now (offline, …): the order stays paid; the seller delivers it from 我的订单.
    return 102;
  }
}

/** The seller's coins: his listing (a merchant) or his role (anyone verified), checked against the bid's book. */
async function sourceOf(
  deps: FillDeps,
  sellerUserId: number,
  input: SellInput,
  book: { masterServerId: string; goldName: string; deliverMinutes: number },
): Promise<Source> {
  const { db, gateway } = deps;
  if (input.commodityId) {
    const merchant = await approvedMerchant(db, sellerUserId, input.applicationId);
    const listing = await brokerListingById(db, Number(input.commodityId));
    if (!listing || listing.seller_user_id !== sellerUserId)
      throw new AppError(ErrorCode.BAD_PARAMS, '只能从自己的商品出售');
    if (
      listing.application_id !== input.applicationId ||
      listing.master_server_id !== book.masterServerId ||
      listing.gold_type !== input.goldType
    )
      throw new AppError(ErrorCode.BAD_PARAMS, '商品的区服或币种与求购不符');
    if (listing.status === BrokerListingStatus.DELISTED || listing.deleted_at !== null)
      throw new AppError(ErrorCode.BAD_PARAMS, '商品已下架');
    if (input.quantity > Number(listing.stock))
      throw new AppError(ErrorCode.BAD_PARAMS, `库存不足，最多可卖${Number(listing.stock)}`);
    return {
      kind: 'listing',
      listingId: listing.id,
      merchantId: merchant.id,
      shopName: merchant.shop_name,
      deliverMinutes: listing.deliver_minutes,
    };
  }
  const gameAccountId = input.gameAccountId as string;
  const gameRoleId = input.gameRoleId as string;
  if (!(await isLinkedGameAccount(db, sellerUserId, input.applicationId, gameAccountId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号出售');
  const { roles } = await gateway.roles(input.applicationId, gameAccountId);
  const role = roles.find((r) => r.id === gameRoleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '出售角色不存在');
  const roleServer = await bookServer(db, input.applicationId, role.serverId);
  if (roleServer.masterServerId !== book.masterServerId)
    throw new AppError(ErrorCode.BAD_PARAMS, '出售角色须与求购在同一主服');
  const { coins } = await gateway.coins(input.applicationId, role.id);
  const held = coins.find((c) => c.coinType === book.goldName)?.available ?? 0;
  if (input.quantity > held) throw new AppError(ErrorCode.BAD_PARAMS, `角色的${book.goldName}不足，当前可出售${held}`);
  return { kind: 'role', gameAccountId, gameRoleId, deliverMinutes: book.deliverMinutes };
}

/**
 * One fill, in one transaction: the bid locked and re-read (another seller, the buyer's cancel or
 * the sweeper may have come first: then nothing, undefined), min(offered, lacking) taken by one
 * guarded update (the last coins make it 已成交), a merchant's stock reserved, the hold turned into
 * the fill's payment and a smaller hold, the paid broker order written, the fill recorded.
 */
async function fillBid(
  deps: FillDeps,
  bidId: number,
  sellerUserId: number,
  source: Source,
  offered: number,
  now: number,
  fee: (amount: number) => number,
  saleId: number,
): Promise<Fill | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const bid = await bidBookDb(trx)
      .selectFrom('coin_bids')
      .selectAll()
      .where('id', '=', bidId)
      .forUpdate()
      .executeTakeFirst();
    if (!bid || bid.status !== B.OPEN || bid.expires_at.getTime() <= now) return undefined;
    const lacking = Number(bid.quantity) - Number(bid.filled_quantity);
    const take = Math.min(offered, lacking);
    const filled = Number(bid.filled_quantity) + take;
    const seq = bid.hold_seq + 1;
    const set = {
      filled_quantity: filled,
      hold_seq: seq,
      ...(filled === Number(bid.quantity) ? { closed_at: new Date(now) } : {}),
    };
    const guard = { openAt: new Date(now), holdSeq: bid.hold_seq };
    const taken =
      filled === Number(bid.quantity)
        ? await moveCoinBid(trx, bid.id, B.OPEN, B.FILLED, set, guard)
        : await bidBookDb(trx)
            .updateTable('coin_bids')
            .set({ ...set, updated_at: new Date() })
            .where('id', '=', bid.id)
            .where('status', '=', B.OPEN)
            .where('hold_seq', '=', bid.hold_seq)
            .where('expires_at', '>', new Date(now))
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows) > 0);
    if (!taken) return undefined;
    if (source.kind === 'listing' && !(await reserveBrokerStock(trx, source.listingId, take)))
      throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少出售数量');
    const price = Number(bid.unit_price_fen);
    const amount = bidAmount(take, price);
    const left = Number(bid.reserved_fen) - bidAmount(filled, price);
    await payBidFill(trx, { bidId: bid.id, buyerUserId: bid.buyer_user_id, seq, amount, left });
    const orderId = await createFilledBrokerOrder(trx, deps.orders, {
      requestKey: `bid-${bid.id}-${seq}`,
      buyerUserId: bid.buyer_user_id,
      sellerUserId,
      merchantId: source.kind === 'listing' ? source.merchantId : null,
      listingId: source.kind === 'listing' ? source.listingId : null,
      title: `求购 · ${source.kind === 'listing' ? source.shopName : '玩家出售'} · ${bid.gold_name}`,
      applicationId: bid.application_id,
      serverId: bid.server_id,
      serverName: bid.server_name,
      masterServerId: bid.master_server_id,
      goldType: bid.gold_type,
      goldName: bid.gold_name,
      quantity: take,
      unitPriceFen: price,
      totalFen: amount,
      feeFen: fee(amount),
      deliverTo: { accountId: bid.deliver_account_id, roleId: bid.deliver_role_id, roleName: bid.deliver_role_name },
      deliverMinutes: source.deliverMinutes,
      now,
    });
    await bidBookDb(trx)
      .insertInto('coin_bid_fills')
      .values({
        bid_id: bid.id,
        seq,
        seller_user_id: sellerUserId,
        sale_id: saleId,
        broker_order_id: orderId,
        quantity: take,
        amount_fen: amount,
      })
      .execute();
    return {
      bidId: String(bid.id),
      orderId: String(orderId),
      quantity: take,
      unitPrice: price,
      amount,
      status: BrokerOrderStatus.PAID,
    };
  });
}
