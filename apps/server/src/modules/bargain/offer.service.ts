import { OFFER_ANSWER_HOURS, OFFER_MIN_PERCENT, OFFER_PAY_MINUTES, type Offer } from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen, lockMessage } from '@app/protocol/format';
import { sellerReceives } from '@app/protocol/sell-rules';
import { BargainStatus, bargainStatusLabel, bargainTransitions } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { OffersTable } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { sellSetup } from '../consignment/sell-setup.queries';
import { checkBuyer, deliveryTarget, type OrderDeps, type PlaceInput, placeOrder } from '../orders/order.service';

type OfferRow = Selectable<OffersTable>;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** One guarded move of an offer's status (bargainTransitions); answers whether it happened. */
async function moveOffer(
  db: Db,
  id: number,
  from: BargainStatus,
  to: BargainStatus,
  set: Updateable<OffersTable> = {},
): Promise<boolean> {
  if (!canTransition(bargainTransitions, from, to)) throw new Error(`offer status ${from} → ${to} is not allowed`);
  const moved = await db
    .updateTable('offers')
    .set({ ...set, status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** What the offered price must be: below the listed one, at least OFFER_MIN_PERCENT of it, roles in whole yuan. */
export function offerPriceProblem(type: number, listPrice: number, price: number): string | null {
  if (price >= listPrice) return '出价须低于商品售价';
  const floor = Math.ceil((listPrice * OFFER_MIN_PERCENT) / 100);
  if (price < floor) return `出价不能低于售价的${OFFER_MIN_PERCENT}%（${formatPriceFen(floor)}）`;
  if (type === 1 && price % 100 !== 0) return '角色出价须为整数元';
  return null;
}

export interface CreateOfferInput extends Omit<PlaceInput, 'couponId'> {
  price: number;
}

/**
 * A buyer's offer: the buyer checks of an order (phone, real name, not their own, the designated
 * buyer, the lock) and where the goods would go, checked with the game now; nothing is reserved
 * or paid. The same request key answers the same offer; one live offer per buyer and listing.
 */
export async function createOffer(deps: OrderDeps, input: CreateOfferInput): Promise<OfferRow> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const repeated = await db
    .selectFrom('offers')
    .selectAll()
    .where('buyer_user_id', '=', input.buyer.userId)
    .where('request_key', '=', input.requestKey)
    .executeTakeFirst();
  if (repeated) return repeated;
  await checkBuyer(db, input.buyer.userId);
  const listing = await db
    .selectFrom('commodities')
    .selectAll()
    .where('id', '=', Number(input.commodityId))
    .executeTakeFirst();
  if (!listing?.seller_user_id) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === input.buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  if (listing.status === ListingStatus.SELLING) throw new AppError(ErrorCode.COMMODITY_TAKEN);
  if (listing.status !== ListingStatus.ON_SALE) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.designated_trade_id && listing.designated_trade_id !== input.buyer.uid)
    throw new AppError(ErrorCode.BAD_PARAMS, '该商品为指定买家商品，您无法出价');
  if (listing.lock_until && listing.lock_until.getTime() > now)
    throw new AppError(
      ErrorCode.COMMODITY_LOCKED,
      lockMessage(Math.floor(listing.lock_until.getTime() / 1000), new Date(now)),
    );
  const problem = offerPriceProblem(listing.type, Number(listing.price_fen), input.price);
  if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  const live = () =>
    db
      .selectFrom('offers')
      .select('id')
      .where('buyer_user_id', '=', input.buyer.userId)
      .where('commodity_id', '=', listing.id)
      .where('status', 'in', [BargainStatus.AWAITING_SELLER, BargainStatus.AGREED])
      .executeTakeFirst();
  const refuseLive = () => new AppError(ErrorCode.BAD_PARAMS, '您已对该商品出价，请等待卖家回应');
  if (await live()) throw refuseLive();
  const target = await deliveryTarget(deps, input, listing);
  try {
    return await db
      .insertInto('offers')
      .values({
        commodity_id: listing.id,
        buyer_user_id: input.buyer.userId,
        seller_user_id: listing.seller_user_id,
        price_fen: input.price,
        status: BargainStatus.AWAITING_SELLER,
        request_key: input.requestKey,
        deliver_account_id: target.accountId,
        deliver_role_id: target.roleId,
        answer_by: new Date(now + OFFER_ANSWER_HOURS * 3_600_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two offers racing: the unique index let one in.
    if (await live()) throw refuseLive();
    throw error;
  }
}

async function offerOf(db: Db, offerId: string): Promise<OfferRow> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', Number(offerId)).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  return row;
}

/** The offer as its buyer or seller may see it; nobody else. */
export async function viewerOffer(deps: OrderDeps, userId: number, offerId: string): Promise<OfferRow> {
  const row = await offerOf(deps.db, offerId);
  if (row.buyer_user_id !== userId && row.seller_user_id !== userId)
    throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  return (await syncWithOrder(deps.db, row)) ?? row;
}

function openFor(row: OfferRow, now: number) {
  if (row.status !== BargainStatus.AWAITING_SELLER) throw new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');
  if (row.answer_by.getTime() <= now) throw new AppError(ErrorCode.BAD_PARAMS, '出价已过期');
}

/**
 * The seller agrees: the buyer's order is placed at the offered price, in the transaction that
 * reserves the listing and moves the offer to 21, so either all of it happens or none. The
 * buyer then pays within OFFER_PAY_MINUTES like any order (or it lapses and the listing returns).
 */
export async function agreeOffer(deps: OrderDeps, sellerUserId: number, offerId: string): Promise<OfferRow> {
  const { db } = deps;
  const row = await offerOf(db, offerId);
  if (row.seller_user_id !== sellerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '只有卖家可以处理出价');
  openFor(row, (deps.now ?? Date.now)());
  const listing = await db
    .selectFrom('commodities')
    .select(['id', 'application_id', 'status'])
    .where('id', '=', row.commodity_id)
    .executeTakeFirstOrThrow();
  if (listing.status !== ListingStatus.ON_SALE)
    throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  const { rules } = await sellSetup(db, listing.application_id);
  const buyer = await db
    .selectFrom('users')
    .select('uid')
    .where('id', '=', row.buyer_user_id)
    .executeTakeFirstOrThrow();
  let moved = false;
  const order = await placeOrder(
    deps,
    {
      buyer: { userId: row.buyer_user_id, uid: buyer.uid },
      commodityId: String(row.commodity_id),
      requestKey: `offer-${row.id}`,
      // Checked with the game when the buyer offered; the game checks it again when it delivers.
      player: { accountId: row.deliver_account_id, roleId: row.deliver_role_id },
    },
    {
      priceFen: Number(row.price_fen),
      sellerFeeFen: sellerReceives(Number(row.price_fen), rules).fee,
      payMinutes: OFFER_PAY_MINUTES,
      onPlaced: async (trx, orderId) => {
        moved = await moveOffer(trx, row.id, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED, {
          order_id: orderId,
        });
        // Withdrawn or expired meanwhile: the order and the reservation are rolled back with it.
        if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');
      },
    },
  );
  // The buyer's own unpaid order of this listing came back instead (placeOrder resumes it).
  if (!moved && order.request_key !== `offer-${row.id}`)
    throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  return offerOf(db, offerId);
}

/** The seller refuses (53) or the buyer withdraws (51) an offer that waits for the seller. */
export async function endOffer(
  deps: OrderDeps,
  userId: number,
  offerId: string,
  by: 'seller' | 'buyer',
  reason = '',
): Promise<OfferRow> {
  const row = await offerOf(deps.db, offerId);
  const owner = by === 'seller' ? row.seller_user_id : row.buyer_user_id;
  if (owner !== userId)
    throw new AppError(ErrorCode.BAD_PARAMS, by === 'seller' ? '只有卖家可以处理出价' : '只有出价的买家可以撤回');
  if (row.status !== BargainStatus.AWAITING_SELLER) throw new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');
  const to = by === 'seller' ? BargainStatus.SELLER_REFUSED : BargainStatus.BUYER_CANCELLED;
  const note = by === 'seller' && reason.trim() ? `卖家：${reason.trim()}` : '';
  if (!(await moveOffer(deps.db, row.id, BargainStatus.AWAITING_SELLER, to, { note })))
    throw new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');
  return offerOf(deps.db, offerId);
}

/** An agreed offer follows its order: paid → 交易完成 (61), lapsed → 41, cancelled by the buyer → 57. */
async function syncWithOrder(db: Db, row: OfferRow): Promise<OfferRow | null> {
  if (row.status !== BargainStatus.AGREED || row.order_id === null) return null;
  const order = await db.selectFrom('orders').select('status').where('id', '=', row.order_id).executeTakeFirst();
  const to =
    order?.status === OrderStatus.PAYMENT_TIMEOUT
      ? BargainStatus.BUYER_TIMEOUT_OFFER
      : order?.status === OrderStatus.CANCELLED
        ? BargainStatus.BUYER_REFUSED_TO_PAY
        : order && order.status !== OrderStatus.AWAITING_PAYMENT
          ? BargainStatus.COMPLETED
          : null;
  if (to === null) return null;
  await moveOffer(db, row.id, BargainStatus.AGREED, to);
  return offerOf(db, String(row.id));
}

/**
 * The offers' deadlines: unanswered after OFFER_ANSWER_HOURS, or whose listing left the market
 * (sold, delisted, taken back), they lapse (55); agreed ones follow their orders. Each moves once.
 */
export async function sweepOffers(deps: OrderDeps, now = (deps.now ?? Date.now)()) {
  const { db } = deps;
  const late = await db
    .selectFrom('offers')
    .select('id')
    .where('status', '=', BargainStatus.AWAITING_SELLER)
    .where('answer_by', '<=', new Date(now))
    .limit(200)
    .execute();
  let lapsed = 0;
  for (const { id } of late)
    if (
      await moveOffer(db, id, BargainStatus.AWAITING_SELLER, BargainStatus.SYSTEM_CANCELLED, {
        note: `卖家未在${OFFER_ANSWER_HOURS}小时内回应`,
      })
    )
      lapsed++;
  const gone = await db
    .selectFrom('offers')
    .innerJoin('commodities', 'commodities.id', 'offers.commodity_id')
    .select('offers.id')
    .where('offers.status', '=', BargainStatus.AWAITING_SELLER)
    .where('commodities.status', 'not in', [ListingStatus.ON_SALE, ListingStatus.SELLING])
    .limit(200)
    .execute();
  for (const { id } of gone)
    if (
      await moveOffer(db, id, BargainStatus.AWAITING_SELLER, BargainStatus.SYSTEM_CANCELLED, {
        note: '商品已售出或已下架',
      })
    )
      lapsed++;
  const agreed = await db
    .selectFrom('offers')
    .selectAll()
    .where('status', '=', BargainStatus.AGREED)
    .limit(200)
    .execute();
  let followed = 0;
  for (const row of agreed) if (await syncWithOrder(db, row)) followed++;
  return { lapsed, followed };
}

/** The offers a user made (viewer 1) or received (viewer 2), newest first. */
export async function offersOf(deps: OrderDeps, userId: number, viewer: 1 | 2, page: number, pageSize: number) {
  const rows = await deps.db
    .selectFrom('offers')
    .selectAll()
    .where(viewer === 1 ? 'buyer_user_id' : 'seller_user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const list = await Promise.all(rows.slice(0, pageSize).map(async (r) => (await syncWithOrder(deps.db, r)) ?? r));
  return { list, hasMore: rows.length > pageSize };
}

/** An offer in the viewer's words. */
export async function toOffer(db: Db, row: OfferRow, viewerUserId: number): Promise<Offer> {
  const listing = await db
    .selectFrom('commodities')
    .select(['application_id', 'type', 'title', 'first_img', 'price_fen'])
    .where('id', '=', row.commodity_id)
    .executeTakeFirstOrThrow();
  const order =
    row.order_id === null
      ? null
      : await db.selectFrom('orders').select('expires_at').where('id', '=', row.order_id).executeTakeFirst();
  const viewer = viewerUserId === row.seller_user_id ? 2 : 1;
  const deadline =
    row.status === BargainStatus.AWAITING_SELLER
      ? seconds(row.answer_by)
      : row.status === BargainStatus.AGREED && order?.expires_at
        ? seconds(order.expires_at)
        : null;
  return {
    offerId: String(row.id),
    commodityId: String(row.commodity_id),
    applicationId: listing.application_id,
    type: listing.type,
    title: listing.title,
    firstImg: listing.first_img ?? '',
    listPrice: Number(listing.price_fen),
    price: Number(row.price_fen),
    status: row.status,
    statusLabel: bargainStatusLabel.offer[viewer][row.status as BargainStatus],
    viewer,
    deadline,
    orderId: row.order_id === null ? null : String(row.order_id),
    createTime: seconds(row.created_at),
    note: row.note,
  };
}
