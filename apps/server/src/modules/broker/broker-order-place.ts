import { BrokerListingStatus, brokerTotalFen } from '@app/protocol/calls/broker';
import { BROKER_PAY_MINUTES, type brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { CallerAhead } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { placedOrder } from '../../platform/db/placement-write';
import { AppError } from '../../platform/errors';
import { knownServerOf } from '../market/catalogue';
import { checkBuyerFacts } from '../orders/buyer-checks';
import { knownUid, orderParties } from '../user/user.queries';
import { brokerDb } from './broker.tables';
import { channelTerms } from './broker-config';
import { releaseBrokerStock } from './broker-listing.service';
import {
  type BrokerOrderDeps,
  type BrokerOrderRow,
  brokerClock,
  brokerOrderNo,
  brokerOrders,
  viewerBrokerOrder,
} from './broker-order.queries';
import { cancelLateBrokerOrder } from './broker-order-late';
import { moveBrokerOrder } from './broker-order-moves';
import { channelRowOf, type NewBrokerOrder, placementOf, writeBrokerOrder } from './broker-order-place.queries';
import { rereadBrokerOrder, toBrokerOrder } from './broker-order-view';
import { merchantPaused } from './merchant.service';

/* A broker order begins (placed by its buyer, or born paid from a 求购 fill) and, unpaid, ends. */

const S = BrokerOrderStatus;

type PlaceInput = CallInput<typeof brokerOrderPlace>;

/**
 * orderPlace (decision 0078): every check first, in this order — the buyer's phone and real name,
 * the listing (exists, not one's own), its merchant approved, the game's channel open, the listing
 * on sale, the quantity within the listing's and the game's bounds and the stock, the receiving
 * role a role of the buyer's linked account in the listing's master group (asked of the game) —
 * then the writes in one statement (writeBrokerOrder: both accounts held open, the merchant held
 * approved, the stock taken by its guarded update, the order 101 with its deadline, its id and
 * number, its chat with the 'placed' words). Its statements: the listing's read (placementOf) and
 * the write; the buyer's facts, the seller's 唯一码, the server's master group and the game's name
 * are remembered once seen. The same request key answers the same order, also sent twice at once:
 * the order is looked for when the placement cannot go on (a check refused it, or the write, whose
 * unique request key refuses a repeat whole).
 */
export async function placeBrokerOrder(deps: BrokerOrderDeps, caller: CallerAhead, input: PlaceInput) {
  try {
    return await place(deps, caller, input);
  } catch (error) {
    const buyerUserId = caller.confirmed;
    if (buyerUserId === undefined) throw error;
    let repeated: BrokerOrderRow | undefined;
    try {
      repeated = await brokerOrders(deps.db)
        .where('buyer_user_id', '=', buyerUserId)
        .where('request_key', '=', input.requestKey)
        .executeTakeFirst();
    } catch {
      throw error;
    }
    if (repeated) return toBrokerOrder(deps, repeated, 'buyer');
    throw error;
  }
}

async function place(deps: BrokerOrderDeps, caller: CallerAhead, input: PlaceInput) {
  const { db, gateway } = deps;
  const now = brokerClock(deps);
  const { session, listing } = await placementOf(db, caller, Number(input.commodityId), input.gameAccountId);
  const buyerUserId = await caller.confirm(session);
  const parties = await orderParties(db, buyerUserId, listing?.seller_user_id ?? null);
  checkBuyerFacts(parties.buyer);
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === buyerUserId) throw new AppError(ErrorCode.OWN_COMMODITY, '不能购买自己的商品');
  if (listing.merchant_status !== 'approved') throw merchantPaused();
  const config = channelTerms(channelRowOf(listing));
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放商人寄售');
  if (listing.status === BrokerListingStatus.SOLD_OUT) throw new AppError(ErrorCode.BAD_PARAMS, '商品已售罄');
  if (listing.status !== BrokerListingStatus.ON_SALE) throw new AppError(ErrorCode.BAD_PARAMS, '商品已下架');
  const min = Math.max(Number(listing.min_per_order), config.minQuantity);
  const max = Math.min(Number(listing.max_per_order), config.maxQuantity);
  if (input.quantity < min) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最少购买${min}`);
  if (input.quantity > max) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最多购买${max}`);
  if (input.quantity > Number(listing.stock)) throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量');
  // The receiving role: of the buyer's linked account, in the listing's master group (the game says so).
  if (!listing.linked) throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号收货');
  const { roles } = await gateway.roles(listing.application_id, input.gameAccountId);
  const role = roles.find((r) => r.id === input.gameRoleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '收货角色不存在');
  const server = await knownServerOf(db, listing.application_id, role.serverId);
  if (server?.masterServerId !== listing.master_server_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '收货角色须与商品在同一主服');
  const total = brokerTotalFen(input.quantity, Number(listing.unit_price_fen));
  const order: NewBrokerOrder = {
    request_key: input.requestKey,
    buyer_user_id: buyerUserId,
    merchant_id: listing.merchant_id,
    seller_user_id: listing.seller_user_id,
    listing_id: listing.id,
    application_id: listing.application_id,
    server_id: listing.server_id,
    server_name: listing.server_name,
    master_server_id: listing.master_server_id,
    gold_type: listing.gold_type,
    gold_name: listing.gold_name,
    quantity: input.quantity,
    unit_price_fen: Number(listing.unit_price_fen),
    total_fen: total,
    fee_fen: Math.round((total * config.feePercent) / 100),
    status: S.AWAITING_PAYMENT,
    deliver_account_id: role.accountId,
    deliver_role_id: role.id,
    deliver_role_name: role.name,
    expires_at: new Date(now + BROKER_PAY_MINUTES * 60_000),
  };
  const uids = { buyer: await knownUid(db, buyerUserId), seller: parties.sellerUid };
  const chat = deps.events?.openedStep(
    { ...order, title: `${listing.shop_name} · ${listing.gold_name}` },
    uids,
    placedOrder.written,
    placedOrder.id,
  );
  const { placed, row } = await writeBrokerOrder(db, order, now, chat);
  await chat?.told(row)();
  return toBrokerOrder(deps, placed, 'buyer', { shopName: listing.shop_name, delivery: config.delivery });
}

/** An unpaid order ends (cancelled or timed out): its stock goes back and its balance holds are freed, in one transaction. */
async function endUnpaid(
  deps: BrokerOrderDeps,
  row: Pick<BrokerOrderRow, 'id' | 'listing_id' | 'quantity'>,
  to: typeof S.CANCELLED | typeof S.TIMEOUT,
): Promise<boolean> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveBrokerOrder(trx, row.id, S.AWAITING_PAYMENT, to, { expires_at: null }))) return false;
    await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
    await deps.releaseHolds?.(trx, row.id);
    return true;
  });
  if (ended) await deps.events?.happened(row.id, to === S.CANCELLED ? 'cancelled' : 'timedOut');
  return ended;
}

/**
 * cancelOrder: the buyer, before payment (101 → -102); or after it when the merchant let his
 * delivery promise pass without starting (102/104 → -121, cancelLateBrokerOrder).
 */
export async function cancelBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以取消订单');
  if (row.status === S.PAID || row.status === S.ENGAGED) await cancelLateBrokerOrder(deps, row);
  else if (!(await endUnpaid(deps, row, S.CANCELLED)))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭，无法取消');
  return rereadBrokerOrder(deps, row.id, role);
}

/** The sweeper: unpaid orders past their deadline end (-101), their stock back. */
export async function expireBrokerOrders(deps: BrokerOrderDeps, now = brokerClock(deps)): Promise<number> {
  const due = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select(['id', 'listing_id', 'quantity'])
    .where('status', '=', S.AWAITING_PAYMENT)
    .where('expires_at', '<=', new Date(now))
    .limit(200)
    .execute();
  let n = 0;
  for (const row of due) if (await endUnpaid(deps, row, S.TIMEOUT)) n++;
  return n;
}

/**
 * A fill of a buy order (docs/decisions/0025-bid-book.md) becomes a broker order already paid (102):
 * the bid-book module moved its money into the escrow and, for a merchant, reserved the listing's
 * stock, in the caller's transaction. From here delivery, confirmation, refusal and settlement are
 * a broker order's. A player selling from his own role has no merchant nor listing. The chat opens
 * here; the caller tells `paid` once committed.
 */
export async function createFilledBrokerOrder(
  trx: Db,
  deps: Pick<BrokerOrderDeps, 'events'>,
  fill: {
    requestKey: string;
    buyerUserId: number;
    sellerUserId: number;
    merchantId: number | null;
    listingId: number | null;
    title: string;
    applicationId: string;
    serverId: string;
    serverName: string;
    masterServerId: string;
    goldType: number;
    goldName: string;
    quantity: number;
    unitPriceFen: number;
    totalFen: number;
    feeFen: number;
    deliverTo: { accountId: string; roleId: string; roleName: string };
    deliverMinutes: number;
    now: number;
  },
): Promise<number> {
  const inserted = await brokerDb(trx)
    .insertInto('broker_orders')
    .values({
      order_no: `pending-${fill.buyerUserId}-${fill.requestKey}`,
      request_key: fill.requestKey,
      buyer_user_id: fill.buyerUserId,
      merchant_id: fill.merchantId,
      seller_user_id: fill.sellerUserId,
      listing_id: fill.listingId,
      application_id: fill.applicationId,
      server_id: fill.serverId,
      server_name: fill.serverName,
      master_server_id: fill.masterServerId,
      gold_type: fill.goldType,
      gold_name: fill.goldName,
      quantity: fill.quantity,
      unit_price_fen: fill.unitPriceFen,
      total_fen: fill.totalFen,
      fee_fen: fill.feeFen,
      status: S.PAID,
      deliver_account_id: fill.deliverTo.accountId,
      deliver_role_id: fill.deliverTo.roleId,
      deliver_role_name: fill.deliverTo.roleName,
      expires_at: null,
      paid_at: new Date(fill.now),
      deliver_before: new Date(fill.now + fill.deliverMinutes * 60_000),
      note: '求购成交，款项已从买家冻结的余额支付',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await brokerDb(trx)
    .updateTable('broker_orders')
    .set({ order_no: brokerOrderNo(inserted.id, fill.now) })
    .where('id', '=', inserted.id)
    .execute();
  await deps.events?.opened(trx, {
    id: inserted.id,
    buyerUserId: fill.buyerUserId,
    sellerUserId: fill.sellerUserId,
    title: fill.title,
  });
  return inserted.id;
}
