import { sellerReceives } from '@app/protocol/sell-rules';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { createDeposit, DepositKeepers, holdPaidDeposit } from '../deposits/deposit.service';
import { demoAuctionListings, endListingAuction } from '../exchange/listings';
import { demoSellerAccounts } from '../games/embedded-demo-game';
import { Accounts, transfer } from '../ledger/ledger';
import { sellSetup } from '../market/sell-setup';
import { findOrCreateUserByIdentity } from '../user/user.service';
import { type AuctionDeps, auctionKeeper, createAuction, placeBid } from './auction.service';
import { auctionDb } from './auction.tables';
import { auctionOfListing } from './auction-moves';

const yuanDown = (fen: number) => Math.max(100, Math.floor(fen / 100) * 100);

/**
 * The demo market's listings tagged 拍卖 become real auctions, once: through createAuction (start
 * at 70 % of the seeded price, 5 % increments, 6 to 48 hours, a buy-it-now on every other one), and
 * two or three bids from demo buyers (the other demo sellers of the game). A demo buyer's deposit is
 * paid in as the sandbox gateway would (gateway → his balance in the ledger), then held and kept
 * through the same calls a cashier's payment makes; his bids go through placeBid.
 */
export async function seedDemoAuctions(deps: AuctionDeps, log: FastifyBaseLogger): Promise<number> {
  const { db } = deps;
  const keepers = new DepositKeepers();
  keepers.register('auction', auctionKeeper);
  let seeded = 0;
  for (const listing of await demoAuctionListings(db)) {
    if (await auctionOfListing(db, listing.id)) continue;
    const seller = listing.seller_user_id;
    if (seller === null) continue;
    const price = Number(listing.price_fen);
    const { rules } = await sellSetup(db, listing.application_id);
    // Back to an ordinary listing first: createAuction turns it into an auction like a seller would.
    await endListingAuction(db, listing.id, { fen: price, feeFen: sellerReceives(price, rules).fee });
    const start = listing.type === 1 ? yuanDown(price * 0.7) : Math.max(rules.itemMinPrice, Math.round(price * 0.7));
    const increment = Math.max(rules.auctionMinIncrementFen, yuanDown(price * 0.05));
    const hours = Math.min(rules.auctionMaxHours, Math.max(rules.auctionMinHours, 6 + ((listing.id * 7) % 43)));
    try {
      await createAuction(deps, seller, {
        commodityId: String(listing.id),
        startPrice: start,
        increment,
        hours,
        buyNowPrice: listing.id % 2 === 0 ? yuanDown(price * 1.6) : null,
      });
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const auction = await auctionOfListing(db, listing.id);
    if (auction?.status !== AuctionStatus.RUNNING) continue;
    seeded++;
    const buyers = demoSellerAccounts(listing.application_id).filter((a) => a !== listing.game_account_id);
    const count = 2 + (listing.id % 2);
    let next = start;
    for (const [i, accountId] of buyers.slice(0, count).entries()) {
      const user = await findOrCreateUserByIdentity(db, `game:${listing.application_id}`, accountId, null);
      if (user.id === seller) continue;
      const roles = await deps.gateway.roles(listing.application_id, accountId).catch(() => ({ roles: [] }));
      await demoDeposit(db, keepers, auction.id, user.id, accountId, roles.roles[0]?.id ?? null);
      await placeBid(deps, {
        userId: user.id,
        commodityId: String(listing.id),
        price: next,
        requestKey: `demo-bid-${auction.id}-${i}`,
      }).catch((error: unknown) => log.warn({ err: error, auctionId: auction.id }, 'demo bid refused'));
      next += increment;
    }
  }
  if (seeded > 0) log.info(`demo auctions seeded: ${seeded}`);
  return seeded;
}

/** A demo buyer's place and deposit, paid in through the ledger as a sandbox payment would be, then held. */
async function demoDeposit(
  db: Db,
  keepers: DepositKeepers,
  auctionId: number,
  userId: number,
  accountId: string,
  roleId: string | null,
): Promise<void> {
  const auction = await auctionDb(db)
    .selectFrom('auctions')
    .selectAll()
    .where('id', '=', auctionId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await auctionDb(trx)
      .insertInto('auction_bidders')
      .values({ auction_id: auctionId, user_id: userId, deliver_account_id: accountId, deliver_role_id: roleId })
      .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doNothing())
      .execute();
    const deposit = await createDeposit(trx, {
      userId,
      sellerUserId: auction.seller_user_id,
      applicationId: auction.application_id,
      purpose: 'auction',
      refId: auctionId,
      commodityId: auction.commodity_id,
      title: auction.title,
      amountFen: Number(auction.deposit_fen),
      payBy: auction.ends_at,
    });
    await auctionDb(trx)
      .updateTable('auction_bidders')
      .set({ deposit_id: deposit.id })
      .where('auction_id', '=', auctionId)
      .where('user_id', '=', userId)
      .execute();
    if (deposit.status !== 'unpaid') return;
    await transfer(trx, {
      key: `demo-deposit:${deposit.id}`,
      debit: Accounts.gateway('sandbox'),
      credit: Accounts.userAvailable(userId),
      amount: Number(deposit.amount_fen),
      code: 'deposit_payment',
    });
    await holdPaidDeposit(trx, keepers, deposit.id, new Date());
  });
}

/** Test hook: the listing's running auction ends at `endsAt` (journeys cannot wait hours). */
export async function moveAuctionEnd(db: DbHandle, commodityId: number, endsAt: Date): Promise<boolean> {
  const auction = await auctionOfListing(db, commodityId);
  if (auction?.status !== AuctionStatus.RUNNING) return false;
  await auctionDb(db).updateTable('auctions').set({ ends_at: endsAt }).where('id', '=', auction.id).execute();
  return true;
}
