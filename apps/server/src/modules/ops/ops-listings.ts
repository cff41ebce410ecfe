import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type { ListingMove, ListingMoveAnswer } from '@app/protocol/ops-listings';
import { listingStatusLabel } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { moveListingAsStaff } from '../exchange/listing-freeze';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * The console's actions on a listing (docs/decisions/0064-freeze-listings.md): the exchange moves
 * the listing's status, in one transaction with the audit (who, before/after, the reason, from
 * where; on the seller's page too). After the commit the live proposals on it end through the
 * bargain and auction modules, deposits back; a crash in between is finished by their sweeps,
 * which end the proposals of any listing no longer on sale.
 */
export interface OpsListingsDeps {
  db: Db;
  /** The bargain module's: the listing's open 还价/出价 end, deposits back; answers how many. */
  endOffers: (listingId: number, note: string) => Promise<number>;
  /** The auction module's: the listing's running auction is cancelled, bidders' deposits back; answers the places settled. */
  cancelAuction: (listingId: number, note: string) => Promise<number>;
}

const actionOf: Record<ListingMove, StaffAction> = {
  freeze: StaffAction.LISTING_FREEZE,
  unfreeze: StaffAction.LISTING_UNFREEZE,
  'take-down': StaffAction.LISTING_TAKE_DOWN,
};

const endedNote: Record<ListingMove, string> = {
  freeze: '商品已被平台冻结，保证金已退回',
  unfreeze: '',
  'take-down': '商品已被平台下架，保证金已退回',
};

export async function moveListingByStaff(
  deps: OpsListingsDeps,
  a: { me: StaffPrincipal; listingId: number; move: ListingMove; reason: string; ip: string },
): Promise<ListingMoveAnswer> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    const done = await moveListingAsStaff(trx, a.listingId, a.move, a.reason);
    if (typeof done === 'string')
      throw new AppError(done === '商品不存在' ? ErrorCode.NOT_FOUND : ErrorCode.BAD_PARAMS, done);
    await writeAudit(trx, {
      staffId: a.me.id,
      action: actionOf[a.move],
      targetUserId: done.sellerUserId,
      before: { listingId: String(a.listingId), title: done.title, status: done.from },
      after: { listingId: String(a.listingId), status: done.to, reason: a.reason },
      ip: a.ip,
    });
    return done;
  });
  let offersEnded = 0;
  let biddersSettled = 0;
  if (a.move !== 'unfreeze') {
    offersEnded = await deps.endOffers(a.listingId, endedNote[a.move]);
    biddersSettled = await deps.cancelAuction(a.listingId, endedNote[a.move]);
  }
  return {
    listingId: String(a.listingId),
    from: moved.from,
    to: moved.to,
    statusLabel: listingStatusLabel[moved.to],
    offersEnded,
    biddersSettled,
  };
}
