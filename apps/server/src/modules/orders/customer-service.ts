import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { ErrorCode } from '@app/protocol/errors';
import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { forgetSale, listingById } from '../exchange/listings';
import { uidsOf } from '../user/user.queries';
import { confirm, refundToBuyer } from './delivery.service';
import type { OrderDeps } from './order.service';
import { moveOrder } from './order-moves';
import { ordersDb } from './orders.tables';

/** Customer service's two answers to a refused receipt (拒绝收货, -5). */
export type Resolution = 'refund' | 'confirm';

/** What a decision changed on the order, handed to the caller's audit inside the decision's transaction. */
export interface ResolutionChange {
  orderId: number;
  orderNo: string;
  before: { status: OrderStatus; statusLabel: string; note: string };
  after: { status: OrderStatus; statusLabel: string; note: string; refundedFen?: number };
}
export type ResolutionAudit = (trx: Kysely<Database>, change: ResolutionChange) => Promise<void>;

const label = (status: OrderStatus) => orderStatusLabel.buyer[status];

/** An order as customer service names it (for notes on it), or 订单不存在. */
export async function orderReference(deps: Pick<OrderDeps, 'db'>, orderId: number) {
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return { orderId: order.id, orderNo: order.order_no, status: order.status as OrderStatus };
}

/** The orders waiting for customer service, oldest first: what was bought, the buyer's reason, the receipt. */
export async function refusedReceipts(deps: OrderDeps) {
  // Buyer and seller by their 唯一码 (uid), as they know themselves; the user module owns the rest.
  const rows = await ordersDb(deps.db)
    .selectFrom('orders')
    .select([
      'id',
      'order_no',
      'title',
      'type',
      'application_id',
      'buyer_user_id',
      'seller_user_id',
      'price_fen',
      'total_fen',
      'note',
      'receipt',
      'delivered_at',
      'updated_at',
    ])
    .where('status', '=', OrderStatus.RECEIPT_REFUSED)
    .orderBy('updated_at', 'asc')
    .limit(100)
    .execute();
  const uids = await uidsOf(
    deps.db,
    rows.flatMap((r) => [r.buyer_user_id, r.seller_user_id]),
  );
  return rows.map((r) => ({
    orderId: String(r.id),
    orderNo: r.order_no,
    title: r.title,
    type: r.type,
    applicationId: r.application_id,
    buyerUid: uids.get(r.buyer_user_id) ?? '',
    sellerUid: uids.get(r.seller_user_id) ?? '',
    price: Number(r.price_fen),
    paid: Number(r.total_fen),
    note: r.note,
    receipt: r.receipt ?? null,
    deliveredAt: r.delivered_at?.getTime() ?? null,
    refusedAt: r.updated_at.getTime(),
  }));
}

/**
 * Customer service decides a refused receipt. `confirm`: the delivery was right, the order goes on
 * as if the buyer had confirmed (待入账 for the seller). `refund`: the game first takes the goods
 * back to the seller (refused when the buyer no longer has them all: nothing changes), then the
 * order is 已退回 and what the buyer paid returns to their balance, in one transaction.
 */
export async function resolveRefusedReceipt(
  deps: OrderDeps,
  orderId: number,
  decision: Resolution,
  operator: string,
  note: string,
  audit?: ResolutionAudit,
) {
  const order = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  if (order.status !== OrderStatus.RECEIPT_REFUSED) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在拒绝收货状态');
  const why = `${note}（客服 ${operator}）`;
  const before = {
    status: OrderStatus.RECEIPT_REFUSED,
    statusLabel: label(OrderStatus.RECEIPT_REFUSED),
    note: order.note,
  };
  const change = (after: ResolutionChange['after']) => ({ orderId: order.id, orderNo: order.order_no, before, after });
  if (decision === 'confirm') {
    const onMoved = audit
      ? (trx: Kysely<Database>) =>
          audit(
            trx,
            change({
              status: OrderStatus.PENDING_SETTLEMENT,
              statusLabel: label(OrderStatus.PENDING_SETTLEMENT),
              note: `客服核实交付无误，已确认收货：${why}`,
            }),
          )
      : undefined;
    if (!(await confirm(deps, order.id, { customerService: why, onMoved })))
      throw new AppError(ErrorCode.BAD_PARAMS, '订单不在拒绝收货状态');
    return;
  }
  const listing = await listingById(deps.db, order.commodity_id);
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  // Marked first (the row serialises this with a confirmation): from here on only the refund goes on.
  const marked = await deps.db
    .updateTable('orders')
    .set({ reclaim_requested_at: new Date() })
    .where('id', '=', order.id)
    .where('status', '=', OrderStatus.RECEIPT_REFUSED)
    .returning('id')
    .executeTakeFirst();
  if (!marked) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在拒绝收货状态');
  try {
    await deps.gateway.reclaim(
      order.application_id,
      { listingId: String(listing.id), roleId: listing.game_role_id ?? '' },
      `reclaim-${order.id}`,
    );
  } catch (error) {
    if (error instanceof PartnerRefusal) {
      // The game moved nothing: customer service may still decide otherwise.
      await deps.db
        .updateTable('orders')
        .set({ reclaim_requested_at: null })
        .where('id', '=', order.id)
        .where('status', '=', OrderStatus.RECEIPT_REFUSED)
        .execute();
      throw new AppError(ErrorCode.BAD_PARAMS, `游戏无法收回：${error.message}`);
    }
    // Unknown outcome: asking again is safe (the game answers a repeated reclaim with the first).
    throw new AppError(ErrorCode.BAD_PARAMS, '游戏暂时无法收回，请稍后重试退款');
  }
  const refundNote = `客服退款：${why}，物品已退回卖家，款项已退回买家余额`;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, OrderStatus.RECEIPT_REFUSED, OrderStatus.RETURNED, { note: refundNote })))
      throw new AppError(ErrorCode.BAD_PARAMS, '订单不在拒绝收货状态');
    await refundToBuyer(trx, order);
    // A trade that was undone is no price evidence.
    await forgetSale(trx, order.commodity_id);
    await audit?.(
      trx,
      change({
        status: OrderStatus.RETURNED,
        statusLabel: label(OrderStatus.RETURNED),
        note: refundNote,
        refundedFen: Number(order.total_fen),
      }),
    );
  });
  await deps.events?.happened(order.id, 'refunded');
}
