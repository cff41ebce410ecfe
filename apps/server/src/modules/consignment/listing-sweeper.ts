import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { moveListing } from '../exchange/listing-moves';
import { listingsToSweep } from '../exchange/listings';
import { failListing, type ListingDeps } from './listing.service';
import { finishTakeBack } from './shelf.service';

/** A take-back whose answer was lost is retried after this long. */
const RETRIEVE_RETRY_MS = 60_000;

/**
 * Moves listings whose time ran out, each through its guarded transition, so that a restart loses
 * nothing and a listing moves once: 在售 past expires_at → 已下架 (still frozen in the game);
 * 上架中 past pending_until (a pre-frozen prop never priced, or a freeze whose answer was lost)
 * → released in the game → 上架失败; 取回中 left behind → the release is tried again.
 */
export async function sweepListings(deps: ListingDeps, now = (deps.now ?? Date.now)()) {
  const { db } = deps;
  const { expired, waitedOut, takeBacks } = await listingsToSweep(db, new Date(now), new Date(now - RETRIEVE_RETRY_MS));
  let delisted = 0;
  for (const id of expired)
    if (await moveListing(db, id, ListingStatus.ON_SALE, ListingStatus.DELISTED, { note: '超过寄售时长，已自动下架' }))
      delisted++;

  for (const row of waitedOut)
    await failListing(deps, row.id, row.application_id, row.game_role_id ?? '', null, '上架超时，已解冻');

  for (const row of takeBacks) await finishTakeBack(deps, row);
  return { delisted, released: waitedOut.length, retried: takeBacks.length };
}
