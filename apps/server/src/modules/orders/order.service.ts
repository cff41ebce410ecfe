import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus, orderTransitions } from '@app/protocol/statuses/order-status';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { hasAny } from '../../platform/db/has-any';
import { pageOf } from '../../platform/db/page';
import { type PlacementChat, placedOrder, writePlacement } from '../../platform/db/placement-write';
import { AppError } from '../../platform/errors';
import { lockCoupon, releaseCoupon } from '../coupon/coupon.service';
import { forfeitOrderDeposit } from '../deposits/deposit.service';
import { moveListing, moveListingStep } from '../exchange/listing-moves';
import { type Listing, listingById } from '../exchange/listings';
import type { GameGateway } from '../games/game-gateway';
import { releaseOrderHolds } from '../ledger/ledger';
import { buyerFeePercent } from '../market/catalogue';
import type { OriginRefunds } from '../payments/refund-port';
import { orderParties } from '../user/user.queries';
import { openAccountStep } from '../user/user.service';
import { checkBuyerFacts, checkListingOpen, deliveryTarget } from './buyer-checks';
import type { OrderEvents } from './order-events';
import { moveOrder } from './order-moves';
import type { OrderRow } from './order-view';
import { ordersDb } from './orders.tables';

export interface OrderDeps {
  db: Db;
  gateway: GameGateway;
  now?: () => number;
  /** The order chat and the notifications (order-events.ts); absent, nobody is told. */
  events?: OrderEvents;
  /**
   * 原路退回 (the payments module's port, handed in at composition): a returned order's gateway
   * money goes back its way. Absent (a test composing the orders alone), it all goes to the balance.
   */
  refunds?: OriginRefunds;
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

/**
 * In one read, after a placement could not go on (a check refused it, or the write found the listing
 * taken or the request key used): the buyer's order of this request key and the buyer's unpaid
 * order of the listing (either may be absent, or both the same row). A retried request answers its
 * order; a buyer ordering a listing he already holds unpaid resumes that order.
 */
async function ordersOfRequest(db: Db, buyerUserId: number, requestKey: string, commodityId: number) {
  const found = (await ordersDb(db)
    .selectFrom('orders as o')
    .selectAll('o')
    .where('o.buyer_user_id', '=', buyerUserId)
    .where((eb) =>
      eb.or([
        eb('o.request_key', '=', requestKey),
        eb.and([eb('o.commodity_id', '=', commodityId), eb('o.status', '=', sql.lit(OrderStatus.AWAITING_PAYMENT))]),
      ]),
    )
    .execute()) as unknown as OrderRow[];
  return {
    repeated: found.find((r) => r.request_key === requestKey),
    unpaid: found.find((r) => r.commodity_id === commodityId && r.status === OrderStatus.AWAITING_PAYMENT),
  };
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
 * Places an order: every check first, then in one transaction (one statement when nothing else is
 * written with it) the account is held open, the listing moves 在售 → 出售中 (only one buyer can
 * win it) and the order is written 待支付 with its deadline and its chat. The same
 * request key answers the same order; a live unpaid order of the buyer for the listing is resumed.
 */
export async function placeOrder(deps: OrderDeps, input: PlaceInput, agreed?: AgreedOffer): Promise<OrderRow> {
  return (await placing(deps, input, agreed)).order;
}

/**
 * placeOrder, answering the listing it read too (undefined for a repeated request key answered
 * before the listing was read), so the order's view needs no second read of it. The placement's
 * statements (decision 0027, then 0031): the listing, the buyer and the seller (remembered once
 * seen), then the writes in one statement (writeOrder: the account held open, the listing reserved,
 * the order with its id and number, its chat and first message). A retried request key and a
 * listing the buyer already holds unpaid are found when the placement cannot go on (ordersOfRequest):
 * the listing is then taken (by that order) or the key used (the write refused), so no placement
 * that could answer an existing order ends without looking for it.
 */
export async function placing(
  deps: OrderDeps,
  input: PlaceInput,
  agreed?: AgreedOffer,
): Promise<{ order: OrderRow; listing: Listing | undefined }> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const commodityId = Number(input.commodityId);
  /** The order this request already placed, or (`resume`) the buyer's unpaid order of the listing; else the error. */
  const existing = async (error: unknown, resume: boolean, listing: Listing | undefined) => {
    let mine: Awaited<ReturnType<typeof ordersOfRequest>>;
    try {
      mine = await ordersOfRequest(db, input.buyer.userId, input.requestKey, commodityId);
    } catch {
      throw error;
    }
    if (mine.repeated)
      return {
        order: mine.repeated,
        listing: listing && mine.repeated.commodity_id === listing.id ? listing : undefined,
      };
    if (resume && mine.unpaid) return { order: mine.unpaid, listing };
    throw error;
  };
  const listing = await listingById(db, commodityId);
  /** Whether the buyer and the listing passed (then an unpaid order of the buyer's for it is resumed). */
  let passed = false;
  try {
    const parties = await orderParties(db, input.buyer.userId, listing?.seller_user_id ?? null);
    checkBuyerFacts(parties.buyer);
    if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
    if (listing.seller_user_id === input.buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
    // An auction's listing is won by bidding (auction module), never bought at its shown price.
    if (!agreed && listing.auction_enable === 1) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖商品请参与竞拍');
    passed = true;
    return { order: await place(deps, input, listing, parties.sellerUid, now, agreed), listing };
  } catch (error) {
    return await existing(error, passed, listing);
  }
}

/** The placement once the buyer and the listing are known: the rest of the checks, then the writes. */
async function place(
  deps: OrderDeps,
  input: PlaceInput,
  listing: Listing,
  sellerUid: string | undefined,
  now: number,
  agreed: AgreedOffer | undefined,
): Promise<OrderRow> {
  const { db } = deps;
  checkListingOpen(listing, input.buyer.uid, now, '购买');
  if (!listing.seller_user_id) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  const target = await deliveryTarget(deps, input, listing);
  const feePercent = await buyerFeePercent(db, listing.application_id);
  const price = agreed ? agreed.priceFen : Number(listing.price_fen);
  const buyerFee = Math.round((price * feePercent) / 100);
  const deposit = agreed?.depositFen ?? 0;
  const order = {
    buyer_user_id: input.buyer.userId,
    seller_user_id: listing.seller_user_id,
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
  };
  const uids = { buyer: input.buyer.uid, seller: sellerUid };
  if (!agreed && !input.couponId) {
    // Nothing else to write with it: the order and its chat in one statement (its own transaction).
    const chat = deps.events?.openedStep(order, uids, placedOrder.written, placedOrder.id);
    const { placed, row } = await writeOrder(db, order, now, chat);
    await chat?.told(row)();
    return placed;
  }
  const { placed, told } = await db.transaction().execute(async (trx) => {
    const { placed: inserted } = await writeOrder(trx, order, now);
    await agreed?.onPlaced(trx, inserted.id);
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
    const written =
      coupon === 0
        ? inserted
        : await ordersDb(trx)
            .updateTable('orders')
            .set({ coupon_fen: coupon, total_fen: total })
            .where('id', '=', inserted.id)
            .returningAll()
            .executeTakeFirstOrThrow();
    return { placed: written, told: await deps.events?.opened(trx, written, uids) };
  });
  await told?.();
  return placed;
}

/** The columns of a new order the table fills itself (defaults, or nothing yet). */
const DEFAULTED = [
  'coupon_fen',
  'pay_channel',
  'paid_at',
  'delivered_at',
  'confirmed_at',
  'settle_at',
  'created_at',
  'updated_at',
  'receipt',
  'receipt_signature',
  'note',
  'reclaim_requested_at',
  'payment_started_at',
  'receipt_refused_at',
] as const satisfies readonly (keyof OrderRow)[];
/** A new order's own values: the table fills the rest, and the write draws its id and number. */
type NewOrder = Omit<OrderRow, (typeof DEFAULTED)[number] | 'id' | 'order_no'>;

/**
 * The order's writes in one statement (writePlacement), each step by the module that owns its
 * table: the buyer's account held open (user module; a closing account either waits for this order
 * and sees it, or closed first), the listing moved 在售 → 出售中 (exchange; of two buyers at once
 * only one moves it), the order written 待支付 only when both happened, with its id from the
 * orders' sequence and its number (E, the day in Beijing, the id in at least 8 digits), and
 * (`chat`) its chat with the order. A request key used before refuses the whole statement (its
 * unique index): nothing moved.
 */
function writeOrder(db: Db, order: NewOrder, now: number, chat?: PlacementChat) {
  return writePlacement<OrderRow>(db, {
    guards: [
      {
        name: 'held',
        step: openAccountStep(db, order.buyer_user_id),
        refused: () => new AppError(ErrorCode.BAD_PARAMS, '该账号已注销'),
      },
    ],
    take: {
      name: 'moved',
      step: (when) => moveListingStep(db, order.commodity_id, ListingStatus.ON_SALE, ListingStatus.SELLING, when),
      refused: () => new AppError(ErrorCode.COMMODITY_TAKEN),
    },
    table: 'orders',
    prefix: 'E',
    now,
    values: order,
    defaulted: DEFAULTED,
    chat,
  });
}

/** Statuses an order can still leave (unpaid, paid, delivered, refused, waiting for settlement). */
const OPEN = (Object.keys(orderTransitions).map(Number) as OrderStatus[]).filter((s) => orderTransitions[s].length > 0);

/** Whether the user has an order still in flight, as buyer or seller. */
export async function hasOpenOrders(db: Db, userId: number): Promise<boolean> {
  return hasAny(
    ordersDb(db)
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
      .where('status', 'in', OPEN),
  );
}

/** An order of the viewer, as buyer or seller; anyone else's is 订单不存在. */
export async function viewerOrder(db: Db, userId: number, orderId: string): Promise<OrderRow> {
  const row = await ordersDb(db)
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
  let query = ordersDb(db)
    .selectFrom('orders')
    .selectAll()
    .where(q.side === 'buyer' ? 'buyer_user_id' : 'seller_user_id', '=', q.userId);
  if (q.finished) query = query.where('status', 'in', FINISHED);
  return pageOf(query.orderBy('id', 'desc'), q);
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
    const order = await ordersDb(trx)
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
    await ordersDb(trx)
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
 * deposit that secured the order is forfeited: only the buyer ends an unpaid order (he cancelled it
 * or let it lapse); a seller who agreed to a price is bound to it (docs/decisions/0036).
 */
async function endUnpaid(
  deps: OrderDeps,
  row: OrderRow,
  to: typeof OrderStatus.CANCELLED | typeof OrderStatus.PAYMENT_TIMEOUT,
) {
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, row.id, OrderStatus.AWAITING_PAYMENT, to, { expires_at: null }))) return false;
    await moveListing(trx, row.commodity_id, ListingStatus.SELLING, ListingStatus.ON_SALE);
    // A combined payment's balance part was reserved, a coupon held: both are the buyer's again.
    await releaseOrderHolds(trx, row.id);
    await releaseCoupon(trx, row.id);
    await forfeitOrderDeposit(trx, row.id);
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

/** The sweeper: unpaid orders past their deadline end 支付超时, each once. */
export async function expireUnpaidOrders(deps: OrderDeps, now = (deps.now ?? Date.now)()): Promise<number> {
  const due = await ordersDb(deps.db)
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
