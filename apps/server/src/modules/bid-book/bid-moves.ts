import { type CoinBidStatus, coinBidTransitions } from '@app/protocol/statuses/coin-bid-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { UpdateObject } from 'kysely';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { type BidBookTables, bidBookDb } from './bid-book.tables';

type BidUpdate = UpdateObject<BidBookTables, 'coin_bids'>;

/**
 * One guarded move of a bid's status (coinBidTransitions): of two movers at once only one wins.
 * `runOutBy` narrows it to a bid whose expiry passed by then (the sweeper), `openAt` to one that
 * has not (a fill), so a fill and the expiry sweep never both win; `payBy` to a bid whose time to
 * pay passed by then (the sweeper closing it unpaid).
 */
export async function moveCoinBid(
  db: DbHandle,
  id: number,
  from: CoinBidStatus,
  to: CoinBidStatus,
  set: BidUpdate = {},
  guard: { runOutBy?: Date; openAt?: Date; holdSeq?: number; payBy?: Date } = {},
): Promise<boolean> {
  if (!canTransition(coinBidTransitions, from, to)) throw new Error(`coin bid status ${from} → ${to} is not allowed`);
  return guardedMove(bidBookDb(db), 'coin_bids', id, from, to, set, (update) => {
    let u = update;
    if (guard.runOutBy) u = u.where('expires_at', '<=', guard.runOutBy);
    if (guard.openAt) u = u.where('expires_at', '>', guard.openAt);
    if (guard.holdSeq !== undefined) u = u.where('hold_seq', '=', guard.holdSeq);
    if (guard.payBy) u = u.where('pay_by', '<=', guard.payBy);
    return u;
  });
}
