import { sellerReceives } from '@app/protocol/sell-rules';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import type { SeedServices } from '../../apps/server/src/app';
import {
  type AuctionDeps,
  auctionKeeper,
  createAuction,
  placeBid,
  seatBidder,
} from '../../apps/server/src/modules/auction/auction.service';
import { type AuctionRow, auctionOfListing } from '../../apps/server/src/modules/auction/auction-moves';
import { DepositKeepers, holdPaidDeposit } from '../../apps/server/src/modules/deposits/deposit.service';
import { auctionTaggedListings, endListingAuction } from '../../apps/server/src/modules/exchange/listings';
import { Accounts, transfer } from '../../apps/server/src/modules/ledger/ledger';
import { sellSetup } from '../../apps/server/src/modules/market/sell-setup';
import { findOrCreateUserByIdentity } from '../../apps/server/src/modules/user/user.service';
import type { Db } from '../../apps/server/src/platform/db/database';
import { AppError } from '../../apps/server/src/platform/errors';
import { demoSellerAccounts } from './embedded-demo-game';

const yuanDown = (fen: number) => Math.max(100, Math.floor(fen / 100) * 100);

/**
 * The demo market's listings tagged 拍卖 become real auctions, once: through createAuction (start
 * at 70 % of the seeded price, 5 % increments, 6 to 48 hours, a buy-it-now on every other one), and
 * two or three bids from demo buyers (the other demo sellers of the game). A demo buyer's deposit is
 * paid in as the sandbox gateway would (gateway → his balance in the ledger), then held and kept
 * through the same calls a cashier's payment makes; his bids go through placeBid.
 */
export async function seedDemoAuctions(deps: AuctionDeps, log: SeedServices['log']): Promise<number> {
  const { db } = deps;
  const keepers = new DepositKeepers();
  keepers.register('auction', auctionKeeper);
  let seeded = 0;
  for (const listing of await auctionTaggedListings(db, 'demo')) {
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
      await demoDeposit(db, keepers, auction, user.id, accountId, roles.roles[0]?.id ?? null);
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

/** A demo buyer's place and deposit (seated as joinAuction would), paid in through the ledger as a sandbox payment would be, then held. */
async function demoDeposit(
  db: Db,
  keepers: DepositKeepers,
  auction: AuctionRow,
  userId: number,
  accountId: string,
  roleId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deposit = await seatBidder(trx, auction, { userId, accountId, roleId });
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
