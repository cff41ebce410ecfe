import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus, orderTransitions } from '@app/protocol/statuses/order-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { lockCoupon, releaseCoupon } from '../coupon/coupon.service';
import { forfeitOrderDeposit, returnOrderDeposit } from '../deposits/deposit.service';
import { moveListing } from '../exchange/listing-moves';
import { listingById } from '../exchange/listings';
import type { GameGateway } from '../games/game-gateway';
import { releaseOrderHolds } from '../ledger/ledger';
import { buyerFeePercent } from '../market/catalogue';
import { holdOpenAccount } from '../user/user.service';
import { checkBuyer, checkListingOpen, deliveryTarget } from './buyer-checks';
import type { OrderEvents } from './order-events';
import { moveOrder } from './order-moves';
import type { OrderRow } from './order-view';

export interface OrderDeps {
  db: Db;
  gateway: GameGateway;
  now?: () => number;
  /** The order chat and the notifications (order-events.ts); absent, nobody is told. */
  events?: OrderEvents;
}

/** An unpaid order waits this long for its payment, then ends 支付超时 and the listing is on sale again. */
export const PAYMENT_MINUTES = 15;

export interface PlaceInput {
  buyer: { userId: number; uid: string };
  commodityId: string;
  requestKey: string;
  /** Inside the game: the token's account and role receive the goods. */
  player?: { accountId: string; roleId: string | null } | null;
  gameAccountId?: string | undefined;
  gameRoleId?: string | undefined;
  couponId?: string | undefined;
}

const orderNo = (id: number, now: number) => {
  const d = new Date(now + 8 * 3_600_000);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `E${day}${String(id).padStart(8, '0')}`;
};

async function existingOrder(db: Db, buyerUserId: number, requestKey: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_user_id', '=', buyerUserId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/**
 * An order the seller agreed to at another price (an offer, bargain module): its price and the
 * seller's fee on it, a longer time to pay, and a step of the caller's in the order's transaction.
 */
export interface AgreedOffer {
  priceFen: number;
  sellerFeeFen: number;
  payMinutes: number;
  /** The buyer's deposit securing it (held by the deposits module): that much less to pay. */
  depositFen: number;
  onPlaced: (trx: Db, orderId: number) => Promise<void>;
}

/**
 * Places an order: every check first, then in one transaction the listing moves 在售 → 出售中
 * (only one buyer can win it) and the order is written 待支付 with its deadline. The same
 * request key answers the same order; a live unpaid order of the buyer for the listing is resumed.
 */
export async function placeOrder(deps: OrderDeps, input: PlaceInput, agreed?: AgreedOffer): Promise<OrderRow> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const repeated = await existingOrder(db, input.buyer.userId, input.requestKey);
  if (repeated) return repeated;
  await checkBuyer(db, input.buyer.userId);
  const listing = await listingById(db, Number(input.commodityId));
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === input.buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  // An auction's listing is won by bidding (auction module), never bought at its shown price.
  if (!agreed && listing.auction_enable === 1) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖商品请参与竞拍');
  const mine = await db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_user_id', '=', input.buyer.userId)
    .where('commodity_id', '=', listing.id)
    .where('status', '=', OrderStatus.AWAITING_PAYMENT)
    .executeTakeFirst();
  if (mine) return mine;
  checkListingOpen(listing, input.buyer.uid, now, '购买');
  if (!listing.seller_user_id) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  const target = await deliveryTarget(deps, input, listing);
  const feePercent = await buyerFeePercent(db, listing.application_id);
  const price = agreed ? agreed.priceFen : Number(listing.price_fen);
  const buyerFee = Math.round((price * feePercent) / 100);
  const deposit = agreed?.depositFen ?? 0;
  const sellerId = listing.seller_user_id;
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // A buyer closing their account meanwhile: either it waits for this order and sees it, or it closed first.
      await holdOpenAccount(trx, input.buyer.userId);
      if (!(await moveListing(trx, listing.id, ListingStatus.ON_SALE, ListingStatus.SELLING)))
        throw new AppError(ErrorCode.COMMODITY_TAKEN);
      const inserted = await trx
        .insertInto('orders')
        .values({
          order_no: `pending-${input.buyer.userId}-${input.requestKey}`,
          buyer_user_id: input.buyer.userId,
          seller_user_id: sellerId,
          commodity_id: listing.id,
          application_id: listing.application_id,
          type: listing.type,
          title: listing.title,
          price_fen: price,
          buyer_fee_fen: buyerFee,
          deposit_fen: deposit,
          total_fen: price + buyerFee - deposit,
          seller_fee_fen: agreed ? agreed.sellerFeeFen : Number(listing.fee_fen),
          status: OrderStatus.AWAITING_PAYMENT,
          request_key: input.requestKey,
          deliver_account_id: target.accountId,
          deliver_role_id: target.roleId,
          deliver_role_name: target.roleName,
          expires_at: new Date(now + (agreed?.payMinutes ?? PAYMENT_MINUTES) * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await agreed?.onPlaced(trx, inserted.id);
      await deps.events?.opened(trx, {
        id: inserted.id,
        buyerUserId: input.buyer.userId,
        sellerUserId: sellerId,
        title: listing.title,
      });
      // A coupon pays part of it (the platform's subsidy): held by this order until it is paid or ends.
      const coupon = input.couponId
        ? await lockCoupon(
            trx,
            input.buyer.userId,
            input.couponId,
            { applicationId: listing.application_id, type: listing.type, priceFen: price },
            inserted.id,
            now,
          )
        : 0;
      const total = price + buyerFee - coupon - deposit;
      if (total < 1) throw new AppError(ErrorCode.BAD_PARAMS, '优惠券金额超过应付金额，无法使用');
      return trx
        .updateTable('orders')
        .set({ order_no: orderNo(inserted.id, now), coupon_fen: coupon, total_fen: total })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await deps.events?.happened(placed.id, 'placed');
    return placed;
  } catch (error) {
    // The same request key placed concurrently: answer the order that won.
    const winner = await existingOrder(db, input.buyer.userId, input.requestKey);
    if (winner) return winner;
    throw error;
  }
}

/** Statuses an order can still leave (unpaid, paid, delivered, refused, waiting for settlement). */
const OPEN = (Object.keys(orderTransitions).map(Number) as OrderStatus[]).filter((s) => orderTransitions[s].length > 0);

/** Whether the user has an order still in flight, as buyer or seller. */
export async function hasOpenOrders(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
    .where('status', 'in', OPEN)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An order of the viewer, as buyer or seller; anyone else's is 订单不存在. */
export async function viewerOrder(db: Db, userId: number, orderId: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', Number(orderId))
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return row;
}

const FINISHED = [OrderStatus.COMPLETED, OrderStatus.SETTLED, OrderStatus.PENDING_SETTLEMENT];

/** One page of the user's orders as buyer (我买到的, all or finished) or seller (我卖出的), newest first. */
export async function ordersOf(
  db: Db,
  q: { userId: number; side: 'buyer' | 'seller'; finished?: boolean; page: number; pageSize: number },
): Promise<{ rows: OrderRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where(q.side === 'buyer' ? 'buyer_user_id' : 'seller_user_id', '=', q.userId);
  if (q.finished) query = query.where('status', 'in', FINISHED);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows: rows.slice(0, q.pageSize), hasMore: rows.length > q.pageSize };
}

/**
 * The buyer attaches, swaps or removes (null) the coupon of an unpaid order, in one transaction
 * with the order row locked: the coupon it held is released, the new one held through the coupon
 * module, the total recomputed. Refused once a payment was started: an amount sent to a gateway
 * never changes.
 */
export async function changeOrderCoupon(
  deps: OrderDeps,
  userId: number,
  orderId: string,
  couponId: string | null,
): Promise<OrderRow> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const row = await viewerOrder(db, userId, orderId);
  if (row.buyer_user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以更换优惠券');
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', row.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (order.status !== OrderStatus.AWAITING_PAYMENT)
      throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭，无法更换优惠券');
    if (order.expires_at && order.expires_at.getTime() <= now)
      throw new AppError(ErrorCode.BAD_PARAMS, '订单已超时，请重新下单');
    if (order.payment_started_at !== null) throw new AppError(ErrorCode.BAD_PARAMS, '支付已发起，无法更换优惠券');
    await releaseCoupon(trx, order.id);
    const price = Number(order.price_fen);
    const coupon = couponId
      ? await lockCoupon(
          trx,
          userId,
          couponId,
          { applicationId: order.application_id, type: order.type, priceFen: price },
          order.id,
          now,
        )
      : 0;
    const total = price + Number(order.buyer_fee_fen) - coupon - Number(order.deposit_fen);
    if (total < 1) throw new AppError(ErrorCode.BAD_PARAMS, '优惠券金额超过应付金额，无法使用');
    await trx
      .updateTable('orders')
      .set({ coupon_fen: coupon, total_fen: total, updated_at: new Date() })
      .where('id', '=', order.id)
      .where('status', '=', OrderStatus.AWAITING_PAYMENT)
      .execute();
  });
  return viewerOrder(db, userId, orderId);
}

/**
 * 待支付 → an end (取消订单 or 支付超时), and the listing back on sale, in one transaction. A
 * deposit that secured the order is forfeited (the buyer let it lapse or cancelled it), or returned
 * when the seller withdraws (`bySeller`, with the bargain's own move in the same transaction).
 */
async function endUnpaid(
  deps: OrderDeps,
  row: OrderRow,
  to: typeof OrderStatus.CANCELLED | typeof OrderStatus.PAYMENT_TIMEOUT,
  bySeller?: { note: string; onEnded: (trx: Db) => Promise<void> },
) {
  const ended = await deps.db.transaction().execute(async (trx) => {
    const set = bySeller ? { expires_at: null, note: bySeller.note } : { expires_at: null };
    if (!(await moveOrder(trx, row.id, OrderStatus.AWAITING_PAYMENT, to, set))) return false;
    await moveListing(trx, row.commodity_id, ListingStatus.SELLING, ListingStatus.ON_SALE);
    // A combined payment's balance part was reserved, a coupon held: both are the buyer's again.
    await releaseOrderHolds(trx, row.id);
    await releaseCoupon(trx, row.id);
    if (bySeller) {
      await returnOrderDeposit(trx, row.id);
      await bySeller.onEnded(trx);
    } else await forfeitOrderDeposit(trx, row.id);
    return true;
  });
  if (ended) await deps.events?.happened(row.id, to === OrderStatus.CANCELLED ? 'cancelled' : 'timedOut');
  return ended;
}

export async function cancelOrder(deps: OrderDeps, userId: number, orderId: string): Promise<OrderRow> {
  const row = await viewerOrder(deps.db, userId, orderId);
  if (row.buyer_user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以取消订单');
  if (row.status !== OrderStatus.AWAITING_PAYMENT || !(await endUnpaid(deps, row, OrderStatus.CANCELLED)))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭，无法取消');
  return viewerOrder(deps.db, userId, orderId);
}

/**
 * The seller withdraws an agreed bargain before it is paid: the order ends 取消订单, the listing is
 * on sale again and the buyer's deposit goes back, with the bargain's move (52) in the same transaction.
 */
export async function withdrawAgreedOrder(
  deps: OrderDeps,
  sellerUserId: number,
  orderId: number,
  onEnded: (trx: Db) => Promise<void>,
): Promise<boolean> {
  const row = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row || row.seller_user_id !== sellerUserId || row.status !== OrderStatus.AWAITING_PAYMENT) return false;
  return endUnpaid(deps, row, OrderStatus.CANCELLED, { note: '卖家已取消，保证金已退回', onEnded });
}

/** The sweeper: unpaid orders past their deadline end 支付超时, each once. */
export async function expireUnpaidOrders(deps: OrderDeps, now = (deps.now ?? Date.now)()): Promise<number> {
  const due = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', OrderStatus.AWAITING_PAYMENT)
    .where('expires_at', '<=', new Date(now))
    .limit(500)
    .execute();
  let expired = 0;
  for (const row of due) if (await endUnpaid(deps, row, OrderStatus.PAYMENT_TIMEOUT)) expired++;
  return expired;
}
