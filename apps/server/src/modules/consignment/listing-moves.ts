import { type ListingStatus, listingTransitions } from '@app/protocol/statuses/listing-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CommoditiesTable } from '../exchange/exchange.tables';

/**
 * One guarded move of a listing's status (listingTransitions): an UPDATE that happens only from
 * the expected status. Answers whether it happened; a move the table forbids is a programming error.
 */
export async function moveListing(
  db: Db,
  id: number,
  from: ListingStatus,
  to: ListingStatus,
  set: Updateable<CommoditiesTable> = {},
  /** Only while the listing's wait (pending_until) has not run out at this time. */
  pendingAfter?: Date,
): Promise<boolean> {
  if (!canTransition(listingTransitions, from, to)) throw new Error(`listing status ${from} → ${to} is not allowed`);
  let update = db
    .updateTable('commodities')
    .set({ ...set, status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from);
  if (pendingAfter) update = update.where('pending_until', '>', pendingAfter);
  const moved = await update.returning('id').executeTakeFirst();
  return moved !== undefined;
}
