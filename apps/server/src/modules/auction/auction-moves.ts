import { ErrorCode } from '@app/protocol/errors';
import { AuctionStatus, auctionTransitions } from '@app/protocol/statuses/auction-status';
import { BargainStatus, bargainTransitions } from '@app/protocol/statuses/bargain-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Selectable, UpdateObject } from 'kysely';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { AppError } from '../../platform/errors';
import { releaseDeposit } from '../deposits/deposit.service';
import type { OriginRefunds } from '../payments/refund-port';
import { type AuctionBiddersTable, type AuctionsTable, type AuctionTables, auctionDb } from './auction.tables';

export type AuctionRow = Selectable<AuctionsTable>;
export type BidderRow = Selectable<AuctionBiddersTable>;

type AuctionUpdate = Parameters<typeof guardedMove<AuctionTables, 'auctions'>>[6];

/** One guarded move of an auction's status (auctionTransitions); `guard` adds the caller's condition. */
export async function moveAuction(
  db: DbHandle,
  id: number,
  from: AuctionStatus,
  to: AuctionStatus,
  set: UpdateObject<AuctionTables, 'auctions'> = {},
  guard?: AuctionUpdate,
): Promise<boolean> {
  if (!canTransition(auctionTransitions, from, to)) throw new Error(`auction status ${from} → ${to} is not allowed`);
  return guardedMove(auctionDb(db), 'auctions', id, from, to, set, guard);
}

/** One guarded move of a bidder's place (bargainTransitions, flow 'auction'); answers whether it happened. */
export async function moveBidder(
  db: DbHandle,
  id: number,
  from: BargainStatus,
  to: BargainStatus,
  set: UpdateObject<AuctionTables, 'auction_bidders'> = {},
): Promise<boolean> {
  if (!canTransition(bargainTransitions, from, to)) throw new Error(`bidder status ${from} → ${to} is not allowed`);
  return guardedMove(auctionDb(db), 'auction_bidders', id, from, to, set);
}

/** Whether the user sells in an auction not yet over: running, or won and waiting for the winner's payment. */
export async function sellsInLiveAuction(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    auctionDb(db)
      .selectFrom('auctions')
      .select('id')
      .where('seller_user_id', '=', userId)
      .where('status', 'in', [AuctionStatus.RUNNING, AuctionStatus.AWAITING_PAYMENT]),
  );
}

/** Whether the user takes part in a running auction (his deposit to pay, or paid and bidding). */
export async function bidsInLiveAuction(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    auctionDb(db)
      .selectFrom('auction_bidders')
      .innerJoin('auctions', 'auctions.id', 'auction_bidders.auction_id')
      .select('auction_bidders.id')
      .where('auction_bidders.user_id', '=', userId)
      .where('auction_bidders.status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
      .where('auctions.status', '=', AuctionStatus.RUNNING),
  );
}

/**
 * Whether the listing's auction runs and somebody bid (docs/decisions: once bid on, the seller
 * cannot delist it). Read in the delisting's transaction after it wrote the listing's row: a bid,
 * which writes that row first, is either committed and seen, or waits for the delisting.
 */
export async function runningAuctionHasBids(db: DbHandle, commodityId: number): Promise<boolean> {
  const row = await auctionDb(db)
    .selectFrom('auctions')
    .select('id')
    .where('commodity_id', '=', commodityId)
    .where('status', '=', AuctionStatus.RUNNING)
    .where('bid_count', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** The listing's auction: the live one, else the latest (undefined when it never was one). */
export async function auctionOfListing(db: DbHandle, commodityId: number): Promise<AuctionRow | undefined> {
  return auctionDb(db)
    .selectFrom('auctions')
    .selectAll()
    .where('commodity_id', '=', commodityId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function requireAuction(db: DbHandle, commodityId: string | number): Promise<AuctionRow> {
  const row = await auctionOfListing(db, Number(commodityId));
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '该商品不是拍卖商品');
  return row;
}

export async function bidderOf(db: DbHandle, auctionId: number, userId: number): Promise<BidderRow | undefined> {
  return auctionDb(db)
    .selectFrom('auction_bidders')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Every place of an ended auction still open, but the winner's: a held deposit goes back (11 → 56),
 * an unpaid one lapses (1 → 55). Each in its own transaction, the deposit first (a deposit paid at
 * this moment holds its row and waits for nothing of ours), so a crash midway is finished later.
 */
export async function settleBidders(
  deps: { db: DbHandle; refunds?: OriginRefunds | undefined },
  auctionId: number,
  /** A bidder whose held deposit went back (after its commit): the auction module tells him. */
  lost?: (userId: number) => Promise<void>,
): Promise<number> {
  const { db } = deps;
  const auction = await auctionDb(db).selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirst();
  if (!auction || auction.status === AuctionStatus.RUNNING) return 0;
  const open = await auctionDb(db)
    .selectFrom('auction_bidders')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
    .execute();
  let settled = 0;
  for (const b of open) {
    if (b.user_id === auction.winner_user_id && b.status === BargainStatus.AWAITING_SELLER) continue;
    await db.transaction().execute(async (trx) => {
      if (b.deposit_id !== null) await releaseDeposit(trx, b.deposit_id, new Date(), deps.refunds);
      const to =
        b.status === BargainStatus.AWAITING_SELLER
          ? BargainStatus.SYSTEM_CANCELLED_REFUNDED
          : BargainStatus.SYSTEM_CANCELLED;
      if (await moveBidder(trx, b.id, b.status as BargainStatus, to)) settled++;
    });
    // 原路退回 of a deposit a gateway paid: handed to the gateway now (the refunds sweep retries).
    if (b.deposit_id !== null) await deps.refunds?.sendOf('deposit', b.deposit_id);
    if (b.status === BargainStatus.AWAITING_SELLER) await lost?.(b.user_id);
  }
  return settled;
}

/** Test hook: the listing's running auction ends at `endsAt` (journeys cannot wait hours). */
export async function moveAuctionEnd(db: DbHandle, commodityId: number, endsAt: Date): Promise<boolean> {
  const auction = await auctionOfListing(db, commodityId);
  if (auction?.status !== AuctionStatus.RUNNING) return false;
  await auctionDb(db).updateTable('auctions').set({ ends_at: endsAt }).where('id', '=', auction.id).execute();
  return true;
}
