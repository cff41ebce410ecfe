import { formatPriceFen } from '@app/protocol/format';
import type { SearchHit } from '@app/protocol/ops-users';
import { type ListingStatus, listingStatusLabel } from '@app/protocol/statuses/listing-status';
import { MAX_ROW_ID } from '@app/protocol/validation';
import type { DbHandle } from '../../platform/db/handle';
import { exchangeDb } from './exchange.tables';

/** 查找 by a listing's id (商品编号, the commodityId every client shows). */
export async function findListings(db: DbHandle, text: string): Promise<SearchHit[]> {
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_ROW_ID) return [];
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select(['id', 'title', 'status', 'price_fen', 'seller_user_id'])
    .where('id', '=', Number(text))
    .executeTakeFirst();
  if (!row) return [];
  return [
    {
      kind: 'listing',
      id: String(row.id),
      title: `商品 ${row.id}`,
      detail: `${row.title} · ${listingStatusLabel[row.status as ListingStatus] ?? row.status} · ${formatPriceFen(row.price_fen)}`,
      userId: row.seller_user_id === null ? null : String(row.seller_user_id),
      status: row.status,
    },
  ];
}
