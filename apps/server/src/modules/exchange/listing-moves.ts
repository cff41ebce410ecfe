import { type ListingStatus, listingTransitions } from '@app/protocol/statuses/listing-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Expression, SqlBool, UpdateObject } from 'kysely';
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

/**
 * moveListing as a step of another module's statement (a common table expression of it, `when`
 * the caller's condition on its other steps): answers the listing's id when it moved, nothing else.
 */
export function moveListingStep(
  db: DbHandle,
  id: number,
  from: ListingStatus,
  to: ListingStatus,
  when: Expression<SqlBool>,
) {
  if (!canTransition(listingTransitions, from, to)) throw new Error(`listing status ${from} → ${to} is not allowed`);
  return exchangeDb(db)
    .updateTable('commodities')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .where(when)
    .returning('id');
}
