import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { depositById } from '../deposits/deposit.service';
import { endListingAuction, listingSummaries } from '../exchange/listings';
import { orderStates } from '../orders/order.queries';
import { type AuctionDeps, AuctionMoved, placeWinnerOrder, tellBidder } from './auction.service';
import { auctionDb } from './auction.tables';
import { type AuctionRow, moveAuction, moveBidder, settleBidders } from './auction-moves';

const listPrice = (a: AuctionRow) => ({ fen: Number(a.list_price_fen), feeFen: Number(a.list_fee_fen) });

/**
 * Ends a running auction without a sale (no bid, the winner's order refused, the listing gone):
 * the listing is an ordinary one again at its old price, in the transaction that moves the auction
 * (listing first: the lock order of every auction change). Answers whether this call did it.
 */
async function endUnsold(
  db: DbHandle,
  a: AuctionRow,
  to: typeof AuctionStatus.UNSOLD | typeof AuctionStatus.CANCELLED,
  note: string,
  ended?: Date,
): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      await endListingAuction(trx, a.commodity_id, listPrice(a));
      // At the end: as it was read (no bid came since, the end did not move).
      const moved = await moveAuction(trx, a.id, AuctionStatus.RUNNING, to, { note }, (u) =>
        ended ? u.where('ends_at', '<=', ended).where('bid_count', '=', a.bid_count) : u,
      );
      if (!moved) throw new AuctionMoved();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AuctionMoved) return false;
      throw error;
    });
}

/**
 * A running auction past its end: with bids, the leader's order is placed at the final price
 * (secured by his deposit); without, or when his order is refused (his account, the game), it ends
 * unsold. Then every other place is settled.
 */
export async function endAuction(deps: AuctionDeps, a: AuctionRow, now: number): Promise<'won' | 'unsold' | null> {
  const { db } = deps;
  let outcome: 'won' | 'unsold' | null = null;
  if (Number(a.bid_count) === 0 || a.leader_user_id === null) {
    if (await endUnsold(db, a, AuctionStatus.UNSOLD, '无人出价，已流拍', new Date(now))) outcome = 'unsold';
  } else {
    try {
      await placeWinnerOrder(deps, a, a.leader_user_id, Number(a.current_price_fen), `auction-${a.id}`, 'ended', now);
      outcome = 'won';
    } catch (error) {
      if (error instanceof AuctionMoved) return null;
      if (!(error instanceof AppError)) throw error;
      if (await endUnsold(db, a, AuctionStatus.UNSOLD, `中标者无法下单：${error.message}`, new Date(now)))
        outcome = 'unsold';
    }
  }
  await settleBidders(deps, a.id, lostTold(deps, a));
  return outcome;
}

/**
 * Staff froze or took down the listing (docs/decisions/0064-freeze-listings.md): its running
 * auction is cancelled now (the listing an ordinary one again at its old price) and every place
 * settled, held deposits back. Answers the places settled (0 when no auction ran).
 */
export async function cancelListingAuction(deps: AuctionDeps, commodityId: number, note: string): Promise<number> {
  const a = await auctionDb(deps.db)
    .selectFrom('auctions')
    .selectAll()
    .where('commodity_id', '=', commodityId)
    .where('status', '=', AuctionStatus.RUNNING)
    .executeTakeFirst();
  if (!a || !(await endUnsold(deps.db, a, AuctionStatus.CANCELLED, note))) return 0;
  return settleBidders(deps, a.id, lostTold(deps, a));
}

/** What a bidder whose deposit went back at the end hears. */
const lostTold = (deps: AuctionDeps, a: AuctionRow) => (userId: number) =>
  tellBidder(deps, userId, 'auctionLost', { subject: a.title, amount: 0, commodityId: a.commodity_id });

/**
 * The won auction follows the winner's order (read with the orders module's orderStates): paid →
 * sold, his place 61; lapsed or cancelled → the orders module forfeited his deposit, his place 57,
 * and the auction ends unsold (no second chance for the next bidder: their deposits went back at
 * the end), the listing an ordinary one again.
 */
export async function followWinner(db: DbHandle, a: AuctionRow, orderStatus: number): Promise<boolean> {
  if (orderStatus === OrderStatus.AWAITING_PAYMENT || a.winner_user_id === null) return false;
  const paid = orderStatus !== OrderStatus.PAYMENT_TIMEOUT && orderStatus !== OrderStatus.CANCELLED;
  const winner = await auctionDb(db)
    .selectFrom('auction_bidders')
    .select(['id', 'deposit_id'])
    .where('auction_id', '=', a.id)
    .where('user_id', '=', a.winner_user_id)
    .executeTakeFirstOrThrow();
  // Unpaid: the orders module resolved his deposit with the order, forfeited (his default) or
  // returned (not his doing): his place says which. Still held: its order's end is not through yet.
  const deposit = paid || winner.deposit_id === null ? undefined : await depositById(db, winner.deposit_id);
  if (!paid && deposit?.status === 'held') return false;
  const to = paid
    ? BargainStatus.COMPLETED
    : deposit?.status === 'forfeited'
      ? BargainStatus.BUYER_REFUSED_TO_PAY
      : BargainStatus.SELLER_CANCELLED;
  const note = paid
    ? ''
    : to === BargainStatus.SELLER_CANCELLED
      ? '订单已关闭，已流拍'
      : orderStatus === OrderStatus.CANCELLED
        ? '中标者取消订单，已流拍'
        : '中标者付款超时，已流拍';
  return db.transaction().execute(async (trx) => {
    if (!paid) await endListingAuction(trx, a.commodity_id, listPrice(a));
    const status = paid ? AuctionStatus.SOLD : AuctionStatus.UNSOLD;
    if (!(await moveAuction(trx, a.id, AuctionStatus.AWAITING_PAYMENT, status, { note }))) return false;
    await moveBidder(trx, winner.id, BargainStatus.AGREED, to);
    return true;
  });
}

/**
 * The auctions' deadlines, each move once: running ones past their end end; running ones whose
 * listing left the market (delisted, taken back) are cancelled; won ones follow their orders;
 * ended ones with places still open settle them.
 */
export async function sweepAuctions(deps: AuctionDeps, now = (deps.now ?? Date.now)(), log?: FastifyBaseLogger) {
  const { db } = deps;
  const adb = auctionDb(db);
  let ended = 0;
  const due = await adb
    .selectFrom('auctions')
    .selectAll()
    .where('status', '=', AuctionStatus.RUNNING)
    .where('ends_at', '<=', new Date(now))
    .orderBy('ends_at')
    .limit(100)
    .execute();
  for (const a of due) {
    try {
      if (await endAuction(deps, a, now)) ended++;
    } catch (error) {
      // A passing failure (the game unreachable): the next sweep tries again.
      log?.warn({ err: error, auctionId: a.id }, 'auction end failed');
    }
  }
  let cancelled = 0;
  const runningRows = await adb
    .selectFrom('auctions')
    .selectAll()
    .where('status', '=', AuctionStatus.RUNNING)
    .where('ends_at', '>', new Date(now))
    .orderBy('id')
    .limit(1000)
    .execute();
  const listings = await listingSummaries(
    db,
    runningRows.map((a) => a.commodity_id),
  );
  for (const a of runningRows) {
    const status = listings.get(a.commodity_id)?.status;
    if (status === ListingStatus.ON_SALE) continue;
    if (await endUnsold(db, a, AuctionStatus.CANCELLED, '商品已下架，拍卖已取消')) {
      cancelled++;
      await settleBidders(deps, a.id, lostTold(deps, a));
    }
  }
  let followed = 0;
  const won = await adb
    .selectFrom('auctions')
    .selectAll()
    .where('status', '=', AuctionStatus.AWAITING_PAYMENT)
    .orderBy('id')
    .limit(1000)
    .execute();
  const states = await orderStates(
    db,
    won.flatMap((a) => (a.order_id === null ? [] : [a.order_id])),
  );
  for (const a of won) {
    const state = a.order_id === null ? undefined : states.get(a.order_id);
    if (state && (await followWinner(db, a, state.status))) followed++;
  }
  // Ended auctions whose places were not all settled (a crash between the end and the settling).
  const unsettled = await adb
    .selectFrom('auction_bidders as b')
    .innerJoin('auctions as a', 'a.id', 'b.auction_id')
    .select('a.id')
    .distinct()
    .where('a.status', '!=', AuctionStatus.RUNNING)
    .where('b.status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
    .where((eb) => eb.or([eb('a.winner_user_id', 'is', null), eb('b.user_id', '!=', eb.ref('a.winner_user_id'))]))
    .limit(100)
    .execute();
  let settled = 0;
  for (const { id } of unsettled) settled += await settleBidders(deps, id);
  return { ended, cancelled, followed, settled };
}
