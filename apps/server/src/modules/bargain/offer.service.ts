import { OFFER_ANSWER_HOURS, OFFER_MIN_PERCENT, OFFER_PAY_MINUTES } from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { sellerReceives } from '@app/protocol/sell-rules';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { listingById } from '../exchange/listings';
import { sellSetup } from '../market/sell-setup';
import type { NoticesHandle } from '../notices/notices.module';
import { checkBuyer, checkListingOpen, deliveryTarget } from '../orders/buyer-checks';
import { type OrderDeps, type PlaceInput, placeOrder } from '../orders/order.service';
import { uidOf } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { moveOffer, type OfferRow, offerOf } from './offer-moves';

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
/** An order's deps and the notifications the offers' sides get. */
export type OfferDeps = OrderDeps & { notices?: NoticesHandle };

/** Tells the side an offer's news concerns (after its change committed): the seller of a new offer, the buyer otherwise. */
export async function tellOffer(
  deps: OfferDeps,
  offerId: number,
  kind: 'offerReceived' | 'offerAgreed' | 'offerRefused' | 'offerLapsed',
): Promise<void> {
  if (!deps.notices) return;
  const row = await deps.db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!row) return;
  const listing = await listingById(deps.db, row.commodity_id);
  await deps.notices.notify(kind === 'offerReceived' ? row.seller_user_id : row.buyer_user_id, {
    kind,
    subject: listing?.title ?? '商品',
    amount: Number(row.price_fen),
    commodityId: row.commodity_id,
    offerId: row.id,
  });
}

export async function createOffer(deps: OfferDeps, input: CreateOfferInput): Promise<OfferRow> {
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
  const listing = await listingById(db, Number(input.commodityId));
  if (!listing?.seller_user_id) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === input.buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  checkListingOpen(listing, input.buyer.uid, now, '出价');
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
  const sellerUserId = listing.seller_user_id;
  try {
    const created = await db.transaction().execute(async (trx) => {
      // A buyer closing their account meanwhile: either it waits for this offer and sees it, or it closed first.
      await holdOpenAccount(trx, input.buyer.userId);
      return trx
        .insertInto('offers')
        .values({
          commodity_id: listing.id,
          buyer_user_id: input.buyer.userId,
          seller_user_id: sellerUserId,
          price_fen: input.price,
          status: BargainStatus.AWAITING_SELLER,
          request_key: input.requestKey,
          deliver_account_id: target.accountId,
          deliver_role_id: target.roleId,
          answer_by: new Date(now + OFFER_ANSWER_HOURS * 3_600_000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await tellOffer(deps, created.id, 'offerReceived');
    return created;
  } catch (error) {
    // Two offers racing: the unique index let one in.
    if (await live()) throw refuseLive();
    throw error;
  }
}

/**
 * Whether the user has an offer waiting for the seller, as buyer or seller. An agreed offer has
 * its order, which is the order module's to answer for.
 */
export async function hasLiveOffers(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('offers')
    .select('id')
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
    .where('status', '=', BargainStatus.AWAITING_SELLER)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
export async function agreeOffer(deps: OfferDeps, sellerUserId: number, offerId: string): Promise<OfferRow> {
  const { db } = deps;
  const row = await offerOf(db, offerId);
  if (row.seller_user_id !== sellerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '只有卖家可以处理出价');
  openFor(row, (deps.now ?? Date.now)());
  const listing = await listingById(db, row.commodity_id);
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.status !== ListingStatus.ON_SALE)
    throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  const { rules } = await sellSetup(db, listing.application_id);
  const buyerUid = await uidOf(db, row.buyer_user_id);
  if (buyerUid === undefined) throw new Error(`offer ${row.id}: no user ${row.buyer_user_id}`);
  let moved = false;
  await placeOrder(
    deps,
    {
      buyer: { userId: row.buyer_user_id, uid: buyerUid },
      commodityId: String(row.commodity_id),
      requestKey: `offer-${row.id}`,
      // Checked with the game when the buyer offered; the game checks it again when it delivers.
      player: { accountId: row.deliver_account_id, roleId: row.deliver_role_id },
    },
    {
      priceFen: Number(row.price_fen),
      sellerFeeFen: sellerReceives(Number(row.price_fen), rules).fee,
      payMinutes: OFFER_PAY_MINUTES,
      depositFen: 0,
      onPlaced: async (trx, orderId) => {
        moved = await moveOffer(trx, row.id, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED, {
          order_id: orderId,
        });
        // Withdrawn or expired meanwhile: the order and the reservation are rolled back with it.
        if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');
      },
    },
  );
  // Not placed: the buyer's own unpaid order of this listing came back (placeOrder resumes it).
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  await tellOffer(deps, row.id, 'offerAgreed');
  return offerOf(db, offerId);
}

/** The seller refuses (53) or the buyer withdraws (51) an offer that waits for the seller. */
export async function endOffer(
  deps: OfferDeps,
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
  if (by === 'seller') await tellOffer(deps, row.id, 'offerRefused');
  return offerOf(deps.db, offerId);
}
