import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { forgetSale, listingById } from '../exchange/listings';
import { uidsOf } from '../user/user.queries';
import { confirm, refundToBuyer, refundWhere } from './delivery.service';
import type { OrderDeps } from './order.service';
import { moveOrder, noteOrder } from './order-moves';
import { ordersDb } from './orders.tables';
import { signedReceiptHolds } from './signed-receipt';

/** Customer service's two answers to a refused receipt (拒绝收货, -5). */
export type Resolution = 'refund' | 'confirm';

/** What a decision changed on the order, handed to the caller's audit inside the decision's transaction. */
export interface ResolutionChange {
  orderId: number;
  orderNo: string;
  before: { status: OrderStatus; statusLabel: string; note: string };
  after: { status: OrderStatus; statusLabel: string; note: string; refundedFen?: number };
}
export type ResolutionAudit = (trx: DbHandle, change: ResolutionChange) => Promise<void>;

const label = (status: OrderStatus) => orderStatusLabel.buyer[status];

/** An order as customer service names it (for notes on it), or 订单不存在. */
export async function orderReference(deps: Pick<OrderDeps, 'db'>, orderId: number) {
  const order = await ordersDb(deps.db)
    .selectFrom('orders')
    .select(['id', 'order_no', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return { orderId: order.id, orderNo: order.order_no, status: order.status as OrderStatus };
}

/**
 * One order as the customer-service workbench shows it beside the chat: who and what, where it
 * stands, the game's signed delivery receipt (checked against the game's key) and the order's own
 * moves with their times, from the moments the order keeps.
 */
export async function orderForCase(deps: OrderDeps, orderId: number) {
  const o = await ordersDb(deps.db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!o) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  const uids = await uidsOf(deps.db, [o.buyer_user_id, o.seller_user_id]);
  const status = o.status as OrderStatus;
  const steps: { at: number; label: string; detail: string }[] = [
    { at: o.created_at.getTime(), label: '买家下单', detail: `实付 ${formatPriceFen(Number(o.total_fen))}` },
  ];
  if (o.paid_at) steps.push({ at: o.paid_at.getTime(), label: '买家付款', detail: '平台通过游戏交付' });
  if (o.delivered_at)
    steps.push({ at: o.delivered_at.getTime(), label: '游戏交付', detail: o.receipt ? `交付到 ${o.receipt.to}` : '' });
  if (o.confirmed_at) steps.push({ at: o.confirmed_at.getTime(), label: '确认收货', detail: '' });
  if (o.settle_at && status === OrderStatus.SETTLED)
    steps.push({ at: o.settle_at.getTime(), label: '结算给卖家', detail: '' });
  // The order keeps no moment of its later moves but its last one: that is when it came to stand where it is.
  const ended: readonly OrderStatus[] = [
    OrderStatus.RECEIPT_REFUSED,
    OrderStatus.RETURNED,
    OrderStatus.CANCELLED,
    OrderStatus.PAYMENT_TIMEOUT,
  ];
  if (ended.includes(status)) steps.push({ at: o.updated_at.getTime(), label: label(status), detail: o.note });
  return {
    order: {
      orderId: String(o.id),
      orderNo: o.order_no,
      title: o.title,
      applicationId: o.application_id,
      status,
      statusLabel: label(status),
      buyerUid: uids.get(o.buyer_user_id) ?? '',
      sellerUid: uids.get(o.seller_user_id) ?? '',
      price: Number(o.price_fen),
      paid: Number(o.total_fen),
      note: o.note,
    },
    receipt: o.receipt
      ? {
          kind: o.receipt.kind,
          to: o.receipt.to,
          at: o.receipt.at,
          coinType: o.receipt.coinType ?? null,
          amount: o.receipt.amount ?? null,
          itemIds: o.receipt.itemIds ?? null,
          listingId: o.receipt.listingId,
          signature: o.receipt_signature,
          verified: signedReceiptHolds(deps.gateway, o.application_id, o.receipt, o.receipt_signature),
        }
      : null,
    steps,
  };
}

/**
 * The orders waiting for customer service, oldest first: what was bought, the buyer's reason, the
 * receipt; or `only` that one order, whatever became of it (the console's card of one case).
 */
export async function refusedReceipts(deps: Pick<OrderDeps, 'db'>, only?: number) {
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
      'status',
    ])
    .where((eb) => (only === undefined ? eb('status', '=', OrderStatus.RECEIPT_REFUSED) : eb('id', '=', only)))
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
    status: r.status as OrderStatus,
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
  const order = await ordersDb(deps.db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
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
      ? (trx: DbHandle) =>
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
  const marked = await ordersDb(deps.db)
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
      await ordersDb(deps.db)
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
  const refundNos = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, OrderStatus.RECEIPT_REFUSED, OrderStatus.RETURNED)))
      throw new AppError(ErrorCode.BAD_PARAMS, '订单不在拒绝收货状态');
    const plan = await refundToBuyer(trx, order, deps.refunds, `客服退款：${note}`);
    const refundNote = `客服退款：${why}，物品已退回卖家，${refundWhere(plan, '买家')}`;
    await noteOrder(trx, order.id, refundNote);
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
    return plan.refundNos;
  });
  await deps.refunds?.send(refundNos);
  await deps.events?.happened(order.id, 'refunded');
}
