import { type ListingStatus, listingTransitions } from '@app/protocol/statuses/listing-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { UpdateObject } from 'kysely';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { type ExchangeTables, exchangeDb } from './exchange.tables';

/**
 * One guarded move of a listing's status (listingTransitions): an UPDATE that happens only from
 * the expected status. Answers whether it happened; a move the table forbids is a programming error.
 * The listing is the exchange's row; consignment (selling) and orders (buying) move it through here.
 */
export async function moveListing(
  db: DbHandle,
  id: number,
  from: ListingStatus,
  to: ListingStatus,
  set: UpdateObject<ExchangeTables, 'commodities'> = {},
  /** Only while the listing's wait (pending_until) has not run out at this time. */
  pendingAfter?: Date,
): Promise<boolean> {
  if (!canTransition(listingTransitions, from, to)) throw new Error(`listing status ${from} → ${to} is not allowed`);
  return guardedMove(
    exchangeDb(db),
    'commodities',
    id,
    from,
    to,
    set,
    pendingAfter ? (update) => update.where('pending_until', '>', pendingAfter) : undefined,
  );
}
