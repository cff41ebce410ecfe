import { ListingStatus, listingStatusLabel } from '@app/protocol/statuses/listing-status';
import type { DbHandle } from '../../platform/db/handle';
import { exchangeDb } from './exchange.tables';
import { moveListing } from './listing-moves';

/**
 * Staff's moves of a listing (docs/decisions/0064-freeze-listings.md): 冻结 (在售 or 已下架 → 已冻结,
 * the status it had kept for 解冻, the reason shown on its detail and in the seller's shelf), 解冻
 * (back to that status) and 下架 (在售 or 已冻结 → 已下架). Each is one guarded move in the caller's
 * transaction: of two staff at once one moves it, the other is told why not. A listing an order
 * holds (出售中) is not frozen: the order goes on under its own rules (the decision's).
 */
export type StaffListingMove = 'freeze' | 'unfreeze' | 'take-down';

export interface StaffListingMoved {
  from: ListingStatus;
  to: ListingStatus;
  sellerUserId: number | null;
  title: string;
}

/** What the seller's shelf shows as the listing's note. */
export const frozenNote = (reason: string) => `平台冻结：${reason}`;
export const takenDownNote = (reason: string) => `平台下架：${reason}`;

function refusal(move: StaffListingMove, status: ListingStatus): string | null {
  if (status === ListingStatus.SELLING) return '该商品有进行中的订单，暂不能操作；请在订单中处理';
  if (move === 'unfreeze') return status === ListingStatus.FROZEN ? null : '该商品未被冻结';
  if (status === ListingStatus.FROZEN && move === 'freeze') return '该商品已被冻结';
  if (status === ListingStatus.DELISTED && move === 'take-down') return '该商品已下架';
  const allowed: readonly ListingStatus[] =
    move === 'freeze' ? [ListingStatus.ON_SALE, ListingStatus.DELISTED] : [ListingStatus.ON_SALE, ListingStatus.FROZEN];
  if (allowed.includes(status)) return null;
  return `该商品当前为「${listingStatusLabel[status]}」，不能${move === 'freeze' ? '冻结' : '下架'}`;
}

/** The move, or the zh-CN reason it was refused (nothing changed then). */
export async function moveListingAsStaff(
  db: DbHandle,
  id: number,
  move: StaffListingMove,
  reason: string,
): Promise<StaffListingMoved | string> {
  const row = await exchangeDb(db)
    .selectFrom('commodities')
    .select(['status', 'frozen_from', 'seller_user_id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return '商品不存在';
  const from = row.status as ListingStatus;
  const refused = refusal(move, from);
  if (refused) return refused;
  const cleared = { frozen_from: null, freeze_reason: null };
  let to: ListingStatus;
  let moved: boolean;
  if (move === 'freeze') {
    to = ListingStatus.FROZEN;
    moved = await moveListing(db, id, from, to, { frozen_from: from, freeze_reason: reason, note: frozenNote(reason) });
  } else if (move === 'unfreeze') {
    to = row.frozen_from === ListingStatus.DELISTED ? ListingStatus.DELISTED : ListingStatus.ON_SALE;
    moved = await moveListing(db, id, from, to, { ...cleared, note: null });
  } else {
    to = ListingStatus.DELISTED;
    moved = await moveListing(db, id, from, to, { ...cleared, note: takenDownNote(reason) });
  }
  // Another move came first (a second staff member, an order): his answer stands.
  if (!moved) return move === 'freeze' ? '该商品已被冻结或状态已变化，请刷新后重试' : '商品状态已变化，请刷新后重试';
  return { from, to, sellerUserId: row.seller_user_id, title: row.title };
}
