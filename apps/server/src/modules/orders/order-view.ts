import { AUTO_CONFIRM_HOURS, type Order } from '@app/protocol/calls/orders';
import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { userCoupons } from '../coupon/coupon.service';
import { type ListingSummary, listingSummaries } from '../exchange/listings';
import type { OrdersTable } from './orders.tables';

export type OrderRow = Selectable<OrdersTable>;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** An order as the buyer or the seller sees it. */
export type ReceiptCheck = (
  gameId: string,
  receipt: NonNullable<OrderRow['receipt']>,
  signature: string | null,
) => boolean;

export async function toOrder(
  db: Db,
  row: OrderRow,
  viewerUserId: number,
  receiptHolds?: ReceiptCheck,
  /** The listings of a page of orders, read at once (listingSummaries); else this order's is read. */
  listings?: Map<number, ListingSummary>,
): Promise<Order> {
  const listing = (listings ?? (await listingSummaries(db, [row.commodity_id]))).get(row.commodity_id);
  // The coupon module answers the buyer's coupons; the one this order holds (or used) names the discount.
  const coupon =
    Number(row.coupon_fen) > 0
      ? (await userCoupons(db, row.buyer_user_id)).find((c) => c.order_id === row.id && c.status !== 'unused')
      : undefined;
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
    note: row.note,
  };
}
