import { OFFER_ANSWER_HOURS, OFFER_MIN_PERCENT, OFFER_PAY_MINUTES, sellerBoundText } from '@app/protocol/calls/bargain';
import { SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { depositFor, sellerReceives } from '@app/protocol/sell-rules';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { Db } from '../../platform/db/database';
import { hasAny } from '../../platform/db/has-any';
import { AppError } from '../../platform/errors';
import {
  attachDepositToOrder,
  createDeposit,
  DEPOSIT_PAY_MINUTES,
  type DepositKeeper,
  lockDeposit,
} from '../deposits/deposit.service';
import { type Listing, listingById, setBargainSetting } from '../exchange/listings';
import { sellSetup } from '../market/sell-setup';
import type { NoticesHandle } from '../notices/notices.module';
import { checkBuyer, checkListingOpen, deliveryTarget } from '../orders/buyer-checks';
import { orderStates } from '../orders/order.queries';
import { type OrderDeps, type PlaceInput, placeOrder } from '../orders/order.service';
import { uidOf } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { bargainDb } from './bargain.tables';
import { depositOfOffer, endProposal, moveOffer, type OfferRow, offerOf } from './offer-moves';

/** What the proposed price must be: below the listed one, at least OFFER_MIN_PERCENT of it, roles in whole yuan. */
export function offerPriceProblem(type: number, listPrice: number, price: number): string | null {
  if (price >= listPrice) return '出价须低于商品售价';
  const floor = Math.ceil((listPrice * OFFER_MIN_PERCENT) / 100);
  if (price < floor) return `出价不能低于售价的${OFFER_MIN_PERCENT}%（${formatPriceFen(floor)}）`;
  if (type === 1 && price % 100 !== 0) return '角色出价须为整数元';
  return null;
}

/** An order's deps and the notifications the proposals' sides get. */
export type OfferDeps = OrderDeps & { notices?: NoticesHandle };

type Flow = OfferRow['flow'];
const verbOf = (flow: Flow) => (flow === 'bargain' ? '还价' : '出价');

/**
 * How a buyer may propose a price on a listing: 出价 on a pre-sale; 还价 on a normal listing whose
 * seller allows it in a game that has it open; an auction is bid on, never bargained.
 */
function flowOf(
  listing: Pick<Listing, 'sale_type' | 'auction_enable' | 'bargain_allowed'>,
  bargainOpen: boolean,
): Flow {
  if (listing.auction_enable === 1) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖商品请参与竞拍');
  if (listing.sale_type === SaleType.PRESALE) return 'offer';
  if (!bargainOpen || !listing.bargain_allowed) throw new AppError(ErrorCode.BAD_PARAMS, '该商品不支持还价');
  return 'bargain';
}

/** Tells the side a proposal's news concerns (after its change committed): the seller of a new one, the buyer otherwise. */
export async function tellOffer(
  deps: OfferDeps,
  offerId: number,
  kind: 'offerReceived' | 'offerAgreed' | 'offerRefused' | 'offerLapsed' | 'depositCompensated',
  amount?: number,
): Promise<void> {
  if (!deps.notices) return;
  const row = await bargainDb(deps.db).selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!row) return;
  const listing = await listingById(deps.db, row.commodity_id);
  const toSeller = kind === 'offerReceived' || kind === 'depositCompensated';
  await deps.notices.notify(toSeller ? row.seller_user_id : row.buyer_user_id, {
    kind,
    subject: listing?.title ?? '商品',
    amount: amount ?? Number(row.price_fen),
    commodityId: row.commodity_id,
    offerId: row.id,
    verb: verbOf(row.flow),
  });
}

export interface CreateOfferInput extends Omit<PlaceInput, 'couponId'> {
  price: number;
}

/**
 * A buyer's proposal (还价 or 出价, by the listing): the buyer checks of an order (phone, real
 * name, not their own, the designated buyer, the lock) and where the goods would go, checked with
 * the game now; then the proposal waits for its deposit (1), written with the deposit to pay in one
 * transaction. The seller hears of it once the deposit is held. The same request key answers the
 * same proposal; one live proposal per buyer and listing.
 */
export async function createOffer(deps: OfferDeps, input: CreateOfferInput): Promise<OfferRow> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const repeated = await bargainDb(db)
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
  const { rules } = await sellSetup(db, listing.application_id);
  const flow = flowOf(listing, rules.bargainOpen);
  checkListingOpen(listing, input.buyer.uid, now, verbOf(flow));
  const problem = offerPriceProblem(listing.type, Number(listing.price_fen), input.price);
  if (problem) throw new AppError(ErrorCode.BAD_PARAMS, flow === 'bargain' ? problem.replace('出价', '还价') : problem);
  const live = () =>
    bargainDb(db)
      .selectFrom('offers')
      .select('id')
      .where('buyer_user_id', '=', input.buyer.userId)
      .where('commodity_id', '=', listing.id)
      .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED])
      .executeTakeFirst();
  const refuseLive = () =>
    new AppError(ErrorCode.BAD_PARAMS, `您已对该商品${verbOf(flow)}，请在${verbOf(flow)}记录中查看进度`);
  if (await live()) throw refuseLive();
  const target = await deliveryTarget(deps, input, listing);
  const sellerUserId = listing.seller_user_id;
  const deposit = depositFor(input.price, rules);
  const payBy = new Date(now + DEPOSIT_PAY_MINUTES * 60_000);
  try {
    return await db.transaction().execute(async (trx) => {
      // A buyer closing their account meanwhile: either it waits for this proposal and sees it, or it closed first.
      await holdOpenAccount(trx, input.buyer.userId);
      const created = await bargainDb(trx)
        .insertInto('offers')
        .values({
          commodity_id: listing.id,
          buyer_user_id: input.buyer.userId,
          seller_user_id: sellerUserId,
          price_fen: input.price,
          flow,
          deposit_fen: deposit,
          status: BargainStatus.AWAITING_DEPOSIT,
          request_key: input.requestKey,
          deliver_account_id: target.accountId,
          deliver_role_id: target.roleId,
          answer_by: payBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await createDeposit(trx, {
        userId: input.buyer.userId,
        sellerUserId,
        applicationId: listing.application_id,
        purpose: flow,
        refId: created.id,
        commodityId: listing.id,
        title: listing.title,
        amountFen: deposit,
        payBy,
      });
      return created;
    });
  } catch (error) {
    // Two proposals racing: the unique index let one in.
    if (await live()) throw refuseLive();
    throw error;
  }
}

/**
 * What a proposal does when its deposit has been paid (the deposits module asks, in the payment's
 * transaction): still waiting for it and its listing still on sale, it goes to the seller (11) with
 * OFFER_ANSWER_HOURS to answer; below the seller's hidden floor it is refused at once (54); its
 * listing gone, it ends (56). Only a proposal that goes on keeps the deposit.
 */
export function offerKeeper(deps: OfferDeps): DepositKeeper {
  return async (trx, deposit) => {
    const row = await offerOf(trx, deposit.ref_id);
    if (row.status !== BargainStatus.AWAITING_DEPOSIT) return { keep: false };
    const now = (deps.now ?? Date.now)();
    const listing = await listingById(trx, row.commodity_id);
    // On sale, not run out, and not turned into an auction meanwhile (an auction is bid on, never bargained).
    const open =
      listing?.status === ListingStatus.ON_SALE &&
      listing.auction_enable !== 1 &&
      (!listing.expires_at || listing.expires_at.getTime() > now);
    if (!open) {
      await moveOffer(trx, row.id, BargainStatus.AWAITING_DEPOSIT, BargainStatus.SYSTEM_CANCELLED_REFUNDED, {
        note: '商品已售出或已下架',
      });
      return { keep: false, afterCommit: () => tellOffer(deps, row.id, 'offerLapsed') };
    }
    const floor = listing.bargain_floor_fen === null ? null : Number(listing.bargain_floor_fen);
    if (row.flow === 'bargain' && floor !== null && Number(row.price_fen) < floor) {
      await moveOffer(trx, row.id, BargainStatus.AWAITING_DEPOSIT, BargainStatus.SELLER_REFUSED_AT_ONCE, {
        note: '低于卖家设置的底价',
        sent_at: new Date(now),
      });
      return { keep: false, afterCommit: () => tellOffer(deps, row.id, 'offerRefused') };
    }
    await moveOffer(trx, row.id, BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER, {
      answer_by: new Date(now + OFFER_ANSWER_HOURS * 3_600_000),
      sent_at: new Date(now),
    });
    return { keep: true, afterCommit: () => tellOffer(deps, row.id, 'offerReceived') };
  };
}

/**
 * Whether the user has a proposal still open: as buyer, waiting for its deposit or for the seller;
 * as seller, waiting for his answer (he never hears of one before its deposit). An agreed one has
 * its order, which is the order module's to answer for.
 */
export async function hasLiveOffers(db: Db, userId: number): Promise<boolean> {
  return hasAny(
    bargainDb(db)
      .selectFrom('offers')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('buyer_user_id', '=', userId),
            eb('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER]),
          ]),
          eb.and([eb('seller_user_id', '=', userId), eb('status', '=', BargainStatus.AWAITING_SELLER)]),
        ]),
      ),
  );
}

const answered = () => new AppError(ErrorCode.BAD_PARAMS, '出价已处理或已失效');

/**
 * The seller agrees: the buyer's order is placed at the proposed price less the deposit, in the
 * transaction that reserves the listing, attaches the deposit to the order and moves the proposal
 * to 21, so either all of it happens or none. The buyer then pays within OFFER_PAY_MINUTES (the
 * deposit applied), or forfeits it and the listing returns.
 */
export async function agreeOffer(deps: OfferDeps, sellerUserId: number, offerId: string): Promise<OfferRow> {
  const { db } = deps;
  const row = await offerOf(db, offerId);
  if (row.seller_user_id !== sellerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '只有卖家可以处理出价');
  if (row.status !== BargainStatus.AWAITING_SELLER) throw answered();
  if (row.answer_by.getTime() <= (deps.now ?? Date.now)()) throw new AppError(ErrorCode.BAD_PARAMS, '出价已过期');
  const listing = await listingById(db, row.commodity_id);
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.status !== ListingStatus.ON_SALE)
    throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  if (listing.auction_enable === 1) throw new AppError(ErrorCode.BAD_PARAMS, '商品已转为拍卖，无法同意还价');
  const deposit = await depositOfOffer(db, row);
  if (deposit?.status !== 'held') throw answered();
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
      // Checked with the game when the buyer proposed; the game checks it again when it delivers.
      player: { accountId: row.deliver_account_id, roleId: row.deliver_role_id },
    },
    {
      priceFen: Number(row.price_fen),
      sellerFeeFen: sellerReceives(Number(row.price_fen), rules).fee,
      payMinutes: OFFER_PAY_MINUTES,
      depositFen: Number(deposit.amount_fen),
      onPlaced: async (trx, orderId) => {
        // The deposit's row first, as its payment and a withdrawal lock it: they never wait on each other.
        await lockDeposit(trx, deposit.id);
        moved = await moveOffer(trx, row.id, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED, {
          order_id: orderId,
        });
        // Withdrawn or expired meanwhile: the order and the reservation are rolled back with it.
        if (!moved) throw answered();
        await attachDepositToOrder(trx, deposit.id, orderId);
      },
    },
  );
  // Not placed: the buyer's own unpaid order of this listing came back (placeOrder resumes it).
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时无法同意出价');
  await tellOffer(deps, row.id, 'offerAgreed');
  return offerOf(db, offerId);
}

/**
 * The buyer withdraws a proposal not yet agreed (51, a held deposit goes back); the seller refuses
 * one that waits for him (53, the deposit back). Once he agreed the seller is bound (decision 0036):
 * while the buyer may still pay, his refusal is answered with sellerBoundText and writes nothing;
 * the agreement ends only by the buyer (paid, cancelled or let lapse: the order's, offer-moves.ts).
 */
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
  if (by === 'buyer') {
    // Its deposit may arrive meanwhile (1 → 11): the withdrawal then ends it from there, the deposit back.
    for (let status = row.status as BargainStatus, tries = 0; tries < 2; tries++) {
      if (status !== BargainStatus.AWAITING_DEPOSIT && status !== BargainStatus.AWAITING_SELLER) throw answered();
      if (await endProposal(deps, row, status, BargainStatus.BUYER_CANCELLED)) return offerOf(deps.db, offerId);
      status = (await offerOf(deps.db, offerId)).status as BargainStatus;
    }
    throw answered();
  }
  const note = reason.trim() ? `卖家：${reason.trim()}` : '';
  if (row.status === BargainStatus.AWAITING_SELLER) {
    if (await endProposal(deps, row, BargainStatus.AWAITING_SELLER, BargainStatus.SELLER_REFUSED, { note })) {
      await tellOffer(deps, row.id, 'offerRefused');
      return offerOf(deps.db, offerId);
    }
    // Agreed meanwhile (his 同意 in another tab won): from then on he is bound.
    const now = await offerOf(deps.db, offerId);
    throw (await sellerBound(deps, now)) ?? answered();
  }
  throw (await sellerBound(deps, row)) ?? answered();
}

/**
 * The refusal of a seller who agreed to a proposal whose order still waits for the buyer's
 * payment (read only); undefined when it is not so (not agreed, or its order paid or ended).
 */
async function sellerBound(deps: OfferDeps, row: OfferRow): Promise<AppError | undefined> {
  if (row.status !== BargainStatus.AGREED || row.order_id === null) return undefined;
  const order = (await orderStates(deps.db, [row.order_id])).get(row.order_id);
  if (order?.status !== OrderStatus.AWAITING_PAYMENT) return undefined;
  return new AppError(ErrorCode.BAD_PARAMS, sellerBoundText(verbOf(row.flow)));
}

/** The seller's 还价 setting of one of his normal listings: allowed or not, and a hidden floor below the price. */
export async function changeBargainSetting(
  db: Db,
  sellerUserId: number,
  commodityId: string,
  setting: { allowBargain: boolean; floorPrice: number | null },
) {
  const listing = await listingById(db, Number(commodityId));
  if (!listing || listing.seller_user_id !== sellerUserId) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.status === ListingStatus.FROZEN)
    throw new AppError(ErrorCode.BAD_PARAMS, '该商品已被平台冻结，暂不能修改，如有疑问请联系客服');
  if (listing.sale_type === SaleType.PRESALE || listing.auction_enable === 1)
    throw new AppError(ErrorCode.BAD_PARAMS, '预售和拍卖商品不支持设置还价');
  const floor = setting.allowBargain ? setting.floorPrice : null;
  if (floor !== null && floor >= Number(listing.price_fen))
    throw new AppError(ErrorCode.BAD_PARAMS, '底价须低于商品售价');
  const saved = await setBargainSetting(db, sellerUserId, listing.id, {
    allowed: setting.allowBargain,
    floorFen: floor,
  });
  if (!saved) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  return bargainSettingOf(saved);
}

export const bargainSettingOf = (listing: Pick<Listing, 'id' | 'bargain_allowed' | 'bargain_floor_fen'>) => ({
  commodityId: String(listing.id),
  allowBargain: listing.bargain_allowed,
  floorPrice: listing.bargain_floor_fen === null ? null : Number(listing.bargain_floor_fen),
});
