import { AUCTION_PAY_MINUTES, AUCTION_SNIPE_MINUTES } from '@app/protocol/calls/auction';
import { SaleType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { depositFor, priceProblem, type SellKind, sellerReceives } from '@app/protocol/sell-rules';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import {
  attachDepositToOrder,
  createDeposit,
  type DepositKeeper,
  type DepositRow,
  depositById,
} from '../deposits/deposit.service';
import { listingById, sellerListing, showAuctionPrice, startListingAuction } from '../exchange/listings';
import { sellSetup } from '../market/sell-setup';
import type { NoticesHandle } from '../notices/notices.module';
import { checkBuyer, checkListingOpen, deliveryTarget, FROZEN_REFUSAL } from '../orders/buyer-checks';
import { type OrderDeps, type PlaceInput, placeOrder } from '../orders/order.service';
import { uidOf } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { auctionDb } from './auction.tables';
import { type AuctionRow, bidderOf, moveAuction, moveBidder, requireAuction, settleBidders } from './auction-moves';

export type AuctionDeps = OrderDeps & { notices?: NoticesHandle };

/** Tells a bidder (after the change committed); a notification that fails is logged by the notices module, never the bid's failure. */
export async function tellBidder(
  deps: AuctionDeps,
  userId: number,
  kind: 'auctionOutbid' | 'auctionWon' | 'auctionLost',
  fact: { subject: string; amount: number; commodityId: number; orderId?: number },
): Promise<void> {
  await deps.notices?.notify(userId, { kind, ...fact });
}

const SNIPE_MS = AUCTION_SNIPE_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
/** The listing stays on sale this long past the auction's end (the winner's order is placed meanwhile). */
const LISTING_MARGIN_MS = 24 * HOUR_MS;

/** The least the next bid may be: the start price before any bid, else the current price plus the increment. */
export const nextMinPrice = (
  a: Pick<AuctionRow, 'bid_count' | 'start_price_fen' | 'current_price_fen' | 'increment_fen'>,
) => (Number(a.bid_count) === 0 ? Number(a.start_price_fen) : Number(a.current_price_fen) + Number(a.increment_fen));

const running = (a: AuctionRow, now: number) => a.status === AuctionStatus.RUNNING && a.ends_at.getTime() > now;

export interface CreateAuctionInput {
  commodityId: string;
  startPrice: number;
  increment: number;
  hours: number;
  buyNowPrice?: number | null | undefined;
}

/**
 * The seller turns his listing on sale (no order on it) into an auction: the game's auctionOpen,
 * the price rules for the start and buy-it-now prices, the increment at least the game's minimum,
 * the duration within the game's bounds. The listing then shows 拍卖 at its current price.
 */
export async function createAuction(deps: AuctionDeps, sellerUserId: number, input: CreateAuctionInput) {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const listing = await sellerListing(db, sellerUserId, Number(input.commodityId));
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.auction_enable === 1) throw new AppError(ErrorCode.BAD_PARAMS, '该商品已在拍卖中');
  if (listing.status !== ListingStatus.ON_SALE) throw new AppError(ErrorCode.BAD_PARAMS, '只有在售的商品可以转为拍卖');
  if (listing.sale_type === SaleType.PRESALE) throw new AppError(ErrorCode.BAD_PARAMS, '预售商品不能转为拍卖');
  if (listing.lock_until && listing.lock_until.getTime() > now)
    throw new AppError(ErrorCode.BAD_PARAMS, '商品锁定中，暂时不能转为拍卖');
  const { rules } = await sellSetup(db, listing.application_id);
  if (!rules.auctionOpen) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放拍卖');
  const kind = listing.type as SellKind;
  const start = priceProblem(kind, input.startPrice, rules, listing.coin_type ?? undefined);
  if (start) throw new AppError(ErrorCode.BAD_PARAMS, `起拍价：${start}`);
  if (input.increment < rules.auctionMinIncrementFen)
    throw new AppError(ErrorCode.BAD_PARAMS, `加价幅度不能低于${formatPriceFen(rules.auctionMinIncrementFen)}`);
  if (kind === 1 && input.increment % 100 !== 0) throw new AppError(ErrorCode.BAD_PARAMS, '角色加价幅度须为整数元');
  if (input.hours < rules.auctionMinHours || input.hours > rules.auctionMaxHours)
    throw new AppError(ErrorCode.BAD_PARAMS, `拍卖时长须在${rules.auctionMinHours}至${rules.auctionMaxHours}小时之间`);
  const buyNow = input.buyNowPrice ?? null;
  if (buyNow !== null) {
    if (buyNow <= input.startPrice) throw new AppError(ErrorCode.BAD_PARAMS, '一口价须高于起拍价');
    const problem = priceProblem(kind, buyNow, rules, listing.coin_type ?? undefined);
    if (problem) throw new AppError(ErrorCode.BAD_PARAMS, `一口价：${problem}`);
  }
  const endsAt = new Date(now + input.hours * HOUR_MS);
  await db.transaction().execute(async (trx) => {
    // The seller's account held open while the auction is written (a closing account waits, then sees it).
    await holdOpenAccount(trx, sellerUserId);
    const started = await startListingAuction(
      trx,
      listing.id,
      sellerUserId,
      { fen: input.startPrice, feeFen: sellerReceives(input.startPrice, rules).fee },
      new Date(endsAt.getTime() + LISTING_MARGIN_MS),
    );
    if (!started) throw new AppError(ErrorCode.BAD_PARAMS, '商品已被拍下或已下架，暂时不能转为拍卖');
    await auctionDb(trx)
      .insertInto('auctions')
      .values({
        commodity_id: listing.id,
        seller_user_id: sellerUserId,
        application_id: listing.application_id,
        type: listing.type,
        title: listing.title,
        start_price_fen: input.startPrice,
        increment_fen: input.increment,
        buy_now_fen: buyNow,
        current_price_fen: input.startPrice,
        deposit_fen: depositFor(input.startPrice, rules),
        list_price_fen: Number(listing.price_fen),
        list_fee_fen: Number(listing.fee_fen),
        starts_at: new Date(now),
        ends_at: endsAt,
      })
      .execute();
  });
  return requireAuction(db, listing.id);
}

export interface JoinInput extends Omit<PlaceInput, 'couponId' | 'requestKey'> {}

/**
 * Taking part (缴纳保证金): the buyer checks of an order, not the seller, the auction running, and
 * where the goods go if he wins (checked with the game now). Answers his deposit (unpaid until he
 * pays it at the cashier; the same one again). Payable until the auction ends.
 */
export async function joinAuction(deps: AuctionDeps, input: JoinInput): Promise<DepositRow> {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const auction = await requireAuction(db, input.commodityId);
  const mine = await bidderOf(db, auction.id, input.buyer.userId);
  if (mine?.deposit_id) {
    const deposit = await depositById(db, mine.deposit_id);
    if (deposit && (deposit.status === 'held' || running(auction, now))) return deposit;
  }
  if (!running(auction, now)) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖已结束');
  if (auction.seller_user_id === input.buyer.userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  await checkBuyer(db, input.buyer.userId);
  const listing = await listingById(db, auction.commodity_id);
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  checkListingOpen(listing, input.buyer.uid, now, '竞拍');
  const target = await deliveryTarget(deps, { ...input, requestKey: '' }, listing);
  return db.transaction().execute(async (trx) => {
    await holdOpenAccount(trx, input.buyer.userId);
    return seatBidder(trx, auction, { userId: input.buyer.userId, ...target });
  });
}

/**
 * A bidder's place in a running auction and his deposit (unpaid; the same one again), in the
 * caller's transaction: what joinAuction does once the buyer passed its checks. A seed whose
 * buyers are made up (no phone, no real name) seats them through it.
 */
export async function seatBidder(
  trx: DbHandle,
  auction: AuctionRow,
  bidder: { userId: number; accountId: string; roleId: string | null },
): Promise<DepositRow> {
  await auctionDb(trx)
    .insertInto('auction_bidders')
    .values({
      auction_id: auction.id,
      user_id: bidder.userId,
      deliver_account_id: bidder.accountId,
      deliver_role_id: bidder.roleId,
    })
    .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doNothing())
    .execute();
  const deposit = await createDeposit(trx, {
    userId: bidder.userId,
    sellerUserId: auction.seller_user_id,
    applicationId: auction.application_id,
    purpose: 'auction',
    refId: auction.id,
    commodityId: auction.commodity_id,
    title: auction.title,
    amountFen: Number(auction.deposit_fen),
    payBy: auction.ends_at,
  });
  await auctionDb(trx)
    .updateTable('auction_bidders')
    .set({ deposit_id: deposit.id })
    .where('auction_id', '=', auction.id)
    .where('user_id', '=', bidder.userId)
    .where('deposit_id', 'is', null)
    .execute();
  return deposit;
}

/**
 * A bidder's deposit was paid (in the payment's transaction): kept while the auction runs (he may
 * bid, 1 → 11), else not (the money stays on his balance, 1 → 56). The auction row is locked, so
 * the end, which moves its status first, either waits for this or is seen by it.
 */
export const auctionKeeper: DepositKeeper = async (trx, deposit) => {
  const now = (deposit.paid_at ?? new Date()).getTime();
  const auction = await auctionDb(trx)
    .selectFrom('auctions')
    .selectAll()
    .where('id', '=', deposit.ref_id)
    .forUpdate()
    .executeTakeFirst();
  const bidder = auction ? await bidderOf(trx, auction.id, deposit.user_id) : undefined;
  if (!auction || !bidder) return { keep: false };
  if (running(auction, now))
    return { keep: await moveBidder(trx, bidder.id, BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER) };
  await moveBidder(trx, bidder.id, BargainStatus.AWAITING_DEPOSIT, BargainStatus.SYSTEM_CANCELLED_REFUNDED);
  return { keep: false };
};

export interface BidInput {
  userId: number;
  commodityId: string;
  price: number;
  requestKey: string;
}

/** Why a bid at this price is refused by the auction as it stands (null when it would be accepted). */
function bidProblem(a: AuctionRow, userId: number, price: number, now: number): string | null {
  if (a.status !== AuctionStatus.RUNNING || a.ends_at.getTime() <= now) return '拍卖已结束';
  if (a.seller_user_id === userId) return '不能竞拍自己的商品';
  if (a.type === 1 && price % 100 !== 0) return '角色出价须为整数元';
  const least = nextMinPrice(a);
  if (price < least)
    return Number(a.bid_count) === 0
      ? `出价不能低于起拍价${formatPriceFen(least)}`
      : `出价须不低于当前价加一次加价幅度（${formatPriceFen(least)}）`;
  if (a.buy_now_fen !== null && price >= Number(a.buy_now_fen)) return '出价已达一口价，请直接一口价购买';
  return null;
}

/**
 * A bid. One guarded update of the auction row decides (running, in time, the price at least the
 * next minimum as the row stands): two bids at one price cannot both win, and each accepted one is
 * recorded (a unique bid per price is the second guard). The listing's row is written first, so
 * every auction change takes the listing's lock before the auction's. A bid in the last
 * AUCTION_SNIPE_MINUTES moves the end that much later. The same request key answers the same bid.
 */
export async function placeBid(deps: AuctionDeps, input: BidInput): Promise<AuctionRow> {
  const { db } = deps;
  const auction = await requireAuction(db, input.commodityId);
  const repeated = await auctionDb(db)
    .selectFrom('auction_bids')
    .select('auction_id')
    .where('user_id', '=', input.userId)
    .where('request_key', '=', input.requestKey)
    .executeTakeFirst();
  if (repeated) return auction;
  const now = (deps.now ?? Date.now)();
  // A listing staff froze (its auction is cancelled at once) says so, not 拍卖已结束.
  if ((await listingById(db, auction.commodity_id))?.status === ListingStatus.FROZEN)
    throw new AppError(ErrorCode.BAD_PARAMS, FROZEN_REFUSAL('竞拍'));
  const problem = bidProblem(auction, input.userId, input.price, now);
  if (problem) throw new AppError(ErrorCode.BAD_PARAMS, problem);
  const bidder = await bidderOf(db, auction.id, input.userId);
  if (bidder?.status !== BargainStatus.AWAITING_SELLER) throw new AppError(ErrorCode.BAD_PARAMS, '请先缴纳保证金');
  const { rules } = await sellSetup(db, auction.application_id);
  const at = new Date(now);
  try {
    await db.transaction().execute(async (trx) => {
      // The listing first (the lock order of every auction change), then the one update that decides.
      const shown = await showAuctionPrice(
        trx,
        auction.commodity_id,
        { fen: input.price, feeFen: sellerReceives(input.price, rules).fee },
        new Date(auction.ends_at.getTime() + SNIPE_MS + LISTING_MARGIN_MS),
      );
      // Frozen or taken off sale meanwhile (the listing's row decides, as it is written first).
      if (!shown) throw new AppError(ErrorCode.BAD_PARAMS, '该商品已不在售，暂不能竞拍');
      const won = await auctionDb(trx)
        .updateTable('auctions')
        .set({
          current_price_fen: input.price,
          leader_user_id: input.userId,
          bid_count: sql<number>`bid_count + 1`,
          ends_at: sql<Date>`case when ends_at <= ${new Date(now + SNIPE_MS)} then ends_at + ${`${AUCTION_SNIPE_MINUTES} minutes`}::interval else ends_at end`,
          updated_at: at,
        })
        .where('id', '=', auction.id)
        .where('status', '=', AuctionStatus.RUNNING)
        .where('ends_at', '>', at)
        .where((eb) =>
          eb.or([
            eb.and([eb('bid_count', '=', 0), eb('start_price_fen', '<=', input.price)]),
            eb.and([eb('bid_count', '>', 0), sql<boolean>`current_price_fen + increment_fen <= ${input.price}`]),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
      if (!won) throw new BidLost();
      await auctionDb(trx)
        .insertInto('auction_bids')
        .values({
          auction_id: auction.id,
          user_id: input.userId,
          price_fen: input.price,
          request_key: input.requestKey,
        })
        .execute();
    });
  } catch (error) {
    const again = await requireAuction(db, input.commodityId);
    // The same request raced itself: the one that won answers.
    const same = await auctionDb(db)
      .selectFrom('auction_bids')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('request_key', '=', input.requestKey)
      .executeTakeFirst();
    if (same) return again;
    if (error instanceof BidLost || isUniqueViolation(error))
      throw new AppError(
        ErrorCode.BAD_PARAMS,
        bidProblem(again, input.userId, input.price, (deps.now ?? Date.now)()) ??
          `出价须不低于${formatPriceFen(nextMinPrice(again))}`,
      );
    throw error;
  }
  // The one who led before hears he was outbid.
  if (auction.leader_user_id !== null && auction.leader_user_id !== input.userId) {
    await tellBidder(deps, auction.leader_user_id, 'auctionOutbid', {
      subject: auction.title,
      amount: input.price,
      commodityId: auction.commodity_id,
    });
  }
  return requireAuction(db, input.commodityId);
}

class BidLost extends Error {}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Thrown inside a winner's order transaction when the auction moved meanwhile: nothing is placed. */
export class AuctionMoved extends Error {}

/**
 * The winner's order at `priceFen`, secured by his deposit, placed in the transaction that moves
 * the auction 1 → 2 (`guard`: at the end, or before it for buy-it-now) and his place 11 → 21.
 */
export async function placeWinnerOrder(
  deps: AuctionDeps,
  auction: AuctionRow,
  winnerUserId: number,
  priceFen: number,
  requestKey: string,
  guard: 'ended' | 'buyNow',
  now: number,
) {
  const { db } = deps;
  const bidder = await bidderOf(db, auction.id, winnerUserId);
  const deposit = bidder?.deposit_id ? await depositById(db, bidder.deposit_id) : undefined;
  if (!bidder || bidder.status !== BargainStatus.AWAITING_SELLER || !deposit || deposit.status !== 'held')
    throw new AppError(ErrorCode.BAD_PARAMS, '请先缴纳保证金');
  const uid = await uidOf(db, winnerUserId);
  if (uid === undefined) throw new Error(`auction ${auction.id}: no user ${winnerUserId}`);
  const { rules } = await sellSetup(db, auction.application_id);
  let moved = false;
  const order = await placeOrder(
    deps,
    {
      buyer: { userId: winnerUserId, uid },
      commodityId: String(auction.commodity_id),
      requestKey,
      // Checked with the game when he took part; the game checks it again when it delivers.
      player: { accountId: bidder.deliver_account_id, roleId: bidder.deliver_role_id },
    },
    {
      priceFen,
      sellerFeeFen: sellerReceives(priceFen, rules).fee,
      payMinutes: AUCTION_PAY_MINUTES,
      depositFen: Number(deposit.amount_fen),
      onPlaced: async (trx, orderId) => {
        const at = new Date(now);
        moved = await moveAuction(
          trx,
          auction.id,
          AuctionStatus.RUNNING,
          AuctionStatus.AWAITING_PAYMENT,
          {
            winner_user_id: winnerUserId,
            order_id: orderId,
            current_price_fen: priceFen,
            leader_user_id: winnerUserId,
          },
          (u) =>
            guard === 'ended'
              ? u
                  .where('ends_at', '<=', at)
                  .where('leader_user_id', '=', winnerUserId)
                  .where('current_price_fen', '=', priceFen)
              : u.where('ends_at', '>', at),
        );
        if (!moved) throw new AuctionMoved();
        await attachDepositToOrder(trx, deposit.id, orderId);
        if (
          !(await moveBidder(trx, bidder.id, BargainStatus.AWAITING_SELLER, BargainStatus.AGREED, {
            order_id: orderId,
          }))
        )
          throw new AuctionMoved();
      },
    },
  );
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖已结束');
  await tellBidder(deps, winnerUserId, 'auctionWon', {
    subject: auction.title,
    amount: priceFen,
    commodityId: auction.commodity_id,
    orderId: order.id,
  });
  return order;
}

/** 一口价: a bidder with a held deposit wins now at the buy-it-now price. */
export async function buyNow(deps: AuctionDeps, userId: number, commodityId: string, requestKey: string) {
  const { db } = deps;
  const now = (deps.now ?? Date.now)();
  const auction = await requireAuction(db, commodityId);
  if (auction.buy_now_fen === null) throw new AppError(ErrorCode.BAD_PARAMS, '该拍卖未设置一口价');
  if (!running(auction, now)) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖已结束');
  if (auction.seller_user_id === userId) throw new AppError(ErrorCode.OWN_COMMODITY);
  try {
    const order = await placeWinnerOrder(
      deps,
      auction,
      userId,
      Number(auction.buy_now_fen),
      `auction-buynow-${requestKey}`,
      'buyNow',
      now,
    );
    // Won at once: every other deposit goes back now.
    await settleBidders(deps, auction.id, (loser) =>
      tellBidder(deps, loser, 'auctionLost', {
        subject: auction.title,
        amount: 0,
        commodityId: auction.commodity_id,
      }),
    );
    return order;
  } catch (error) {
    if (error instanceof AuctionMoved) throw new AppError(ErrorCode.BAD_PARAMS, '拍卖已结束');
    throw error;
  }
}
