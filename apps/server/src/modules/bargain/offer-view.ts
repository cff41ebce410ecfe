import type { Offer } from '@app/protocol/calls/bargain';
import { BargainStatus, bargainStatusLabel } from '@app/protocol/statuses/bargain-status';
import type { Db } from '../../platform/db/database';
import type { OrderDeps } from '../orders/order.service';
import { type OfferRow, syncWithOrder } from './offer-moves';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The offers a user made (viewer 1) or received (viewer 2), newest first. */
export async function offersOf(deps: OrderDeps, userId: number, viewer: 1 | 2, page: number, pageSize: number) {
  const rows = await deps.db
    .selectFrom('offers')
    .selectAll()
    .where(viewer === 1 ? 'buyer_user_id' : 'seller_user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const list = await Promise.all(rows.slice(0, pageSize).map(async (r) => (await syncWithOrder(deps.db, r)) ?? r));
  return { list, hasMore: rows.length > pageSize };
}

/** An offer in the viewer's words. */
export async function toOffer(db: Db, row: OfferRow, viewerUserId: number): Promise<Offer> {
  const listing = await db
    .selectFrom('commodities')
    .select(['application_id', 'type', 'title', 'first_img', 'price_fen'])
    .where('id', '=', row.commodity_id)
    .executeTakeFirstOrThrow();
  const order =
    row.order_id === null
      ? null
      : await db.selectFrom('orders').select('expires_at').where('id', '=', row.order_id).executeTakeFirst();
  const viewer = viewerUserId === row.seller_user_id ? 2 : 1;
  const deadline =
    row.status === BargainStatus.AWAITING_SELLER
      ? seconds(row.answer_by)
      : row.status === BargainStatus.AGREED && order?.expires_at
        ? seconds(order.expires_at)
        : null;
  return {
    offerId: String(row.id),
    commodityId: String(row.commodity_id),
    applicationId: listing.application_id,
    type: listing.type,
    title: listing.title,
    firstImg: listing.first_img ?? '',
    listPrice: Number(listing.price_fen),
    price: Number(row.price_fen),
    status: row.status,
    statusLabel: bargainStatusLabel.offer[viewer][row.status as BargainStatus],
    viewer,
    deadline,
    orderId: row.order_id === null ? null : String(row.order_id),
    createTime: seconds(row.created_at),
    note: row.note,
  };
}
