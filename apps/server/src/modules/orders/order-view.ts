import { AUTO_CONFIRM_HOURS, type Order } from '@app/protocol/calls/orders';
import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { couponsOfOrders } from '../coupon/coupon.service';
import { type ListingSummary, listingSummaries } from '../exchange/listings';
import type { OrdersTable } from './orders.tables';

export type OrderRow = Selectable<OrdersTable>;

/**
 * A paid order the game has not delivered after this long got no answer from the game at least
 * once (delivery runs right after the payment): its buyer is told the delivery waits for the game
 * and finishes by itself (decision 0073).
 */
export const DELIVERY_WAITING_AFTER_MS = 60_000;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** An order as the buyer or the seller sees it. */
export type ReceiptCheck = (
  gameId: string,
  receipt: NonNullable<OrderRow['receipt']>,
  signature: string | null,
) => boolean;

/**
 * A page of orders as the viewer sees them, in a fixed number of queries whatever its size: the
 * listings (listingSummaries) and the coupons (couponsOfOrders) of all of them, read at once.
 */
export async function toOrders(
  db: Db,
  rows: readonly OrderRow[],
  viewerUserId: number,
  receiptHolds?: ReceiptCheck,
  /** Listings the caller read already (placing an order): not read again. */
  known?: ReadonlyMap<number, ListingSummary>,
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const unknown = rows.map((r) => r.commodity_id).filter((id) => !known?.has(id));
  const [read, coupons] = await Promise.all([
    unknown.length > 0 ? listingSummaries(db, unknown) : new Map<number, ListingSummary>(),
    couponsOfOrders(
      db,
      rows.filter((r) => Number(r.coupon_fen) > 0).map((r) => r.id),
    ),
  ]);
  const listings = known ? new Map([...known, ...read]) : read;
  return rows.map((row) => viewed(row, viewerUserId, receiptHolds, listings, coupons));
}

/** One order as the viewer sees it (toOrders of one). */
export async function toOrder(
  db: Db,
  row: OrderRow,
  viewerUserId: number,
  receiptHolds?: ReceiptCheck,
  listing?: ListingSummary,
): Promise<Order> {
  const known = listing ? new Map([[listing.id, listing]]) : undefined;
  const [order] = await toOrders(db, [row], viewerUserId, receiptHolds, known);
  return order as Order;
}

function viewed(
  row: OrderRow,
  viewerUserId: number,
  receiptHolds: ReceiptCheck | undefined,
  listings: ReadonlyMap<number, ListingSummary>,
  coupons: Awaited<ReturnType<typeof couponsOfOrders>>,
): Order {
  const listing = listings.get(row.commodity_id);
  // The coupon module answers the coupons of the orders; the buyer's one this order holds (or used) names the discount.
  const coupon =
    Number(row.coupon_fen) > 0 ? coupons.get(row.id)?.find((c) => c.user_id === row.buyer_user_id) : undefined;
  const role = viewerUserId === row.seller_user_id && viewerUserId !== row.buyer_user_id ? 'seller' : 'buyer';
  const price = Number(row.price_fen);
  const sellerFee = Number(row.seller_fee_fen);
  return {
    orderId: String(row.id),
    orderNo: row.order_no,
    commodityId: String(row.commodity_id),
    applicationId: row.application_id,
    gameName: listing?.gameName ?? '',
    type: row.type,
    title: row.title,
    firstImg: listing?.firstImg ?? '',
    serverName: listing?.serverName ?? '',
    status: row.status,
    statusLabel: orderStatusLabel[role][row.status as OrderStatus],
    role,
    price,
    buyerFee: Number(row.buyer_fee_fen),
    couponAmount: Number(row.coupon_fen),
    depositAmount: Number(row.deposit_fen),
    couponName: coupon?.name ?? '',
    totalAmount: Number(row.total_fen),
    sellerFee: role === 'seller' ? sellerFee : 0,
    sellerReceive: role === 'seller' ? price - sellerFee : 0,
    expireTime: row.status === OrderStatus.AWAITING_PAYMENT ? seconds(row.expires_at) : null,
    payStarted: row.status === OrderStatus.AWAITING_PAYMENT && row.payment_started_at !== null,
    payChannel: row.pay_channel,
    createTime: seconds(row.created_at) as number,
    payTime: seconds(row.paid_at),
    deliverTo: { gameAccountId: row.deliver_account_id, gameRoleId: row.deliver_role_id },
    receipt: row.receipt
      ? {
          kind: row.receipt.kind,
          to: row.receipt.to,
          toName: row.deliver_role_name,
          at: Math.floor(row.receipt.at / 1000),
          coinType: row.receipt.coinType ?? null,
          amount: row.receipt.amount ?? null,
          itemIds: row.receipt.itemIds ?? null,
          verified: receiptHolds?.(row.application_id, row.receipt, row.receipt_signature) ?? false,
        }
      : null,
    autoConfirmTime:
      row.status === OrderStatus.AWAITING_RECEIPT && row.delivered_at
        ? (seconds(row.delivered_at) as number) + AUTO_CONFIRM_HOURS * 3600
        : null,
    settleTime: row.status === OrderStatus.PENDING_SETTLEMENT ? seconds(row.settle_at) : null,
    note:
      row.note ||
      (role === 'buyer' &&
      row.status === OrderStatus.PAID &&
      row.paid_at &&
      Date.now() - row.paid_at.getTime() > DELIVERY_WAITING_AFTER_MS
        ? CLIENT_MESSAGES.deliveryWaiting
        : ''),
  };
}
