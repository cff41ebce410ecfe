import type { Offer } from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import { BargainStatus, bargainStatusLabel } from '@app/protocol/statuses/bargain-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { type ListingSummary, listingSummaries } from '../exchange/listings';
import { orderStates } from '../orders/order.queries';
import { followOrder, type OfferRow } from './offer-moves';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** An offer with what its answer shows of the order agreeing placed (the orders module's: orderStates). */
type Viewed = OfferRow & { order_status: number | null; order_expires_at: Date | null };

/** The offers with their orders' states, read at once. */
async function withOrders(db: Db, rows: OfferRow[]): Promise<Viewed[]> {
  const states = await orderStates(
    db,
    rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])),
  );
  return rows.map((r) => {
    const state = r.order_id === null ? undefined : states.get(r.order_id);
    return { ...r, order_status: state?.status ?? null, order_expires_at: state?.expiresAt ?? null };
  });
}

/** In the viewer's words; an agreed offer whose order moved on follows it first. */
async function toOffer(db: Db, row: Viewed, listing: ListingSummary | undefined, viewerUserId: number): Promise<Offer> {
  const status = (await followOrder(db, row, row.order_status)) ?? row.status;
  const viewer = viewerUserId === row.seller_user_id ? 2 : 1;
  const deadline =
    status === BargainStatus.AWAITING_SELLER
      ? seconds(row.answer_by)
      : status === BargainStatus.AGREED && row.order_expires_at
        ? seconds(row.order_expires_at)
        : null;
  return {
    offerId: String(row.id),
    commodityId: String(row.commodity_id),
    applicationId: listing?.applicationId ?? '',
    type: listing?.type ?? 0,
    title: listing?.title ?? '',
    firstImg: listing?.firstImg ?? '',
    listPrice: listing?.priceFen ?? 0,
    price: Number(row.price_fen),
    status,
    statusLabel: bargainStatusLabel.offer[viewer][status as BargainStatus],
    viewer,
    deadline,
    orderId: row.order_id === null ? null : String(row.order_id),
    createTime: seconds(row.created_at),
    note: row.note,
  };
}

/** One offer, for its buyer or its seller; nobody else. */
export async function viewOffer(db: Db, offerId: string | number, viewerUserId: number): Promise<Offer> {
  const offer = await db.selectFrom('offers').selectAll().where('id', '=', Number(offerId)).executeTakeFirst();
  const [row] = offer ? await withOrders(db, [offer]) : [];
  if (!row || (row.buyer_user_id !== viewerUserId && row.seller_user_id !== viewerUserId))
    throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  const listings = await listingSummaries(db, [row.commodity_id]);
  return toOffer(db, row, listings.get(row.commodity_id), viewerUserId);
}

/** The offers a user made (viewer 1) or received (viewer 2), newest first. */
export async function offersOf(db: Db, userId: number, viewer: 1 | 2, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where(viewer === 1 ? 'buyer_user_id' : 'seller_user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const shown = await withOrders(db, rows.slice(0, pageSize));
  const listings = await listingSummaries(
    db,
    shown.map((r) => r.commodity_id),
  );
  const list = await Promise.all(shown.map((r) => toOffer(db, r, listings.get(r.commodity_id), userId)));
  return { list, hasMore: rows.length > pageSize };
}
