import type { Offer } from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import { BargainStatus, bargainStatusLabel } from '@app/protocol/statuses/bargain-status';
import { pageOf } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { type DepositRow, depositsOf, sellerCompensation } from '../deposits/deposit.service';
import { toDeposit } from '../deposits/deposits.module';
import { type ListingSummary, listingSummaries } from '../exchange/listings';
import { orderStates } from '../orders/order.queries';
import { bargainDb } from './bargain.tables';
import type { OfferDeps } from './offer.service';
import { followOrder, type OfferRow } from './offer-moves';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A proposal with what its answer shows of the order agreeing placed (the orders module's: orderStates) and its deposit. */
type Viewed = OfferRow & {
  order_status: number | null;
  order_expires_at: Date | null;
  deposit: DepositRow | undefined;
};

/** The proposals with their orders' states and their deposits, read at once. */
async function withOrders(deps: OfferDeps, rows: OfferRow[]): Promise<Viewed[]> {
  const states = await orderStates(
    deps.db,
    rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])),
  );
  const deposits = new Map<string, DepositRow>();
  for (const flow of ['bargain', 'offer'] as const) {
    const refs = rows.filter((r) => r.flow === flow).map((r) => r.id);
    for (const d of await depositsOf(deps.db, flow, refs)) deposits.set(`${flow}:${d.ref_id}`, d);
  }
  return rows.map((r) => {
    const state = r.order_id === null ? undefined : states.get(r.order_id);
    return {
      ...r,
      order_status: state?.status ?? null,
      order_expires_at: state?.expiresAt ?? null,
      deposit: deposits.get(`${r.flow}:${r.id}`),
    };
  });
}

/** In the viewer's words; an agreed proposal whose order moved on follows it first. */
async function toOffer(
  deps: OfferDeps,
  row: Viewed,
  listing: ListingSummary | undefined,
  viewerUserId: number,
): Promise<Offer> {
  const status = (await followOrder(deps, row, row.order_status)) ?? row.status;
  const viewer = viewerUserId === row.seller_user_id ? 2 : 1;
  const deadline =
    status === BargainStatus.AWAITING_DEPOSIT || status === BargainStatus.AWAITING_SELLER
      ? seconds(row.answer_by)
      : status === BargainStatus.AGREED && row.order_expires_at
        ? seconds(row.order_expires_at)
        : null;
  // Moved just now: the deposit the order applied or forfeited is read again.
  const deposit = status !== row.status ? (await depositsOf(deps.db, row.flow, [row.id]))[0] : row.deposit;
  return {
    offerId: String(row.id),
    flow: row.flow,
    commodityId: String(row.commodity_id),
    applicationId: listing?.applicationId ?? '',
    type: listing?.type ?? 0,
    title: listing?.title ?? '',
    firstImg: listing?.firstImg ?? '',
    listPrice: listing?.priceFen ?? 0,
    price: Number(row.price_fen),
    status,
    statusLabel: bargainStatusLabel[row.flow][viewer][status as BargainStatus],
    // The buyer's own money: the seller sees the amount, never a way to pay it.
    deposit: deposit
      ? {
          ...toDeposit(deposit, await sellerCompensation(deps.db, deposit)),
          ...(viewer === 2 ? { bizNo: '' } : {}),
        }
      : null,
    viewer,
    deadline,
    orderId: row.order_id === null ? null : String(row.order_id),
    createTime: seconds(row.created_at),
    note: row.note,
  };
}

/** One proposal, for its buyer or its seller (once its deposit is paid); nobody else. */
export async function viewOffer(deps: OfferDeps, offerId: string | number, viewerUserId: number): Promise<Offer> {
  const offer = await bargainDb(deps.db)
    .selectFrom('offers')
    .selectAll()
    .where('id', '=', Number(offerId))
    .executeTakeFirst();
  const [row] = offer ? await withOrders(deps, [offer]) : [];
  const seller = row?.seller_user_id === viewerUserId && row.sent_at !== null;
  if (!row || (row.buyer_user_id !== viewerUserId && !seller)) throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  const listings = await listingSummaries(deps.db, [row.commodity_id]);
  return toOffer(deps, row, listings.get(row.commodity_id), viewerUserId);
}

/**
 * The proposals a user made (viewer 1) or received (viewer 2: only those whose deposit was paid;
 * the seller never hears of the others), newest first.
 */
export async function offersOf(
  deps: OfferDeps,
  userId: number,
  viewer: 1 | 2,
  page: number,
  pageSize: number,
  flow?: 'bargain' | 'offer',
) {
  let q = bargainDb(deps.db)
    .selectFrom('offers')
    .selectAll()
    .where(viewer === 1 ? 'buyer_user_id' : 'seller_user_id', '=', userId);
  if (flow) q = q.where('flow', '=', flow);
  if (viewer === 2) q = q.where('sent_at', 'is not', null);
  const { rows, hasMore } = await pageOf(q.orderBy('id', 'desc'), { page, pageSize });
  const shown = await withOrders(deps, rows);
  const listings = await listingSummaries(
    deps.db,
    shown.map((r) => r.commodity_id),
  );
  const list = await Promise.all(shown.map((r) => toOffer(deps, r, listings.get(r.commodity_id), userId)));
  return { list, hasMore };
}
