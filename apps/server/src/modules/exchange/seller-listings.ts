import type { OpsUserListing } from '@app/protocol/ops-users';
import { type ListingStatus, listingStatusLabel } from '@app/protocol/statuses/listing-status';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { exchangeDb } from './exchange.tables';

/** The ids of a seller's listings in one status (a ban takes those on sale off it). */
export async function sellerListingIds(db: DbHandle, sellerUserId: number, status: ListingStatus): Promise<number[]> {
  const rows = await exchangeDb(db)
    .selectFrom('commodities')
    .select('id')
    .where('seller_user_id', '=', sellerUserId)
    .where('status', '=', status)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A seller's listings, most recently changed first, with their count (the console's user page). */
export async function sellerListingsCounted(
  db: DbHandle,
  sellerUserId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserListing[] }> {
  const base = exchangeDb(db).selectFrom('commodities').where('seller_user_id', '=', sellerUserId);
  const { total, rows } = await countedPage(
    base,
    base.select(['id', 'title', 'status', 'price_fen']).orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      status: r.status,
      statusLabel: listingStatusLabel[r.status as ListingStatus] ?? String(r.status),
      price: Number(r.price_fen),
    })),
  };
}
