import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { DbHandle } from '../../platform/db/handle';
import { runningAuctionHasBids } from '../auction/auction-moves';
import { moveListing } from '../exchange/listing-moves';
import { sellerListingIds } from '../exchange/seller-listings';

/** The note a listing a ban took off sale carries (the seller's shelf shows it). */
export const BANNED_SELLER_NOTE = '账号封禁，商品已下架';

/**
 * A ban on a seller (the console's, in its transaction): his listings on sale move 在售 → 已下架 as
 * his own downShelf would (what the game froze stays frozen; taken back or relisted after the ban).
 * An auction somebody bid on is left to run to its end: the bidder's deposit binds the seller, as
 * it does when the seller asks (docs/decisions/0061-opsusers-bans.md). Answers the ids moved and
 * those left on sale.
 */
export async function takeDownSellerListings(
  trx: DbHandle,
  sellerUserId: number,
): Promise<{ delisted: number[]; kept: number[] }> {
  const delisted: number[] = [];
  const kept: number[] = [];
  for (const id of await sellerListingIds(trx, sellerUserId, ListingStatus.ON_SALE)) {
    if (await runningAuctionHasBids(trx, id)) kept.push(id);
    else if (await moveListing(trx, id, ListingStatus.ON_SALE, ListingStatus.DELISTED, { note: BANNED_SELLER_NOTE }))
      delisted.push(id);
  }
  return { delisted, kept };
}
