import type { PayableView } from '@app/protocol/calls/pay';
import { ErrorCode } from '@app/protocol/errors';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { useCoupon } from '../coupon/coupon.service';
import { applyOrderDeposit } from '../deposits/deposit.service';
import { ORDER_CASHIER_WORDS, type Payable } from '../payments/payable';
import { moveOrder } from './order-moves';
import { type OrderRow, toOrder } from './order-view';
import { ordersDb } from './orders.tables';

/**
 * An order as the payments module pays it (purpose 'order', bizNo the order's id, trade numbers
 * 'P…'; docs/decisions/0043-payable-purpose.md): it never reads or writes the orders table
 * itself. The money enters the escrow; the order moves to paid, its coupon is used and, once
 * committed, `onPaid` delivers through the game.
 */
export function orderPayable(onPaid: (orderId: number) => void): Payable {
  return {
    purpose: 'order',
    tradePrefix: 'P',
    landing: { to: 'escrow' },
    refOf: (bizNo) => (/^\d{1,15}$/.test(bizNo) ? Number(bizNo) : null),
    describe: describeOrder,
    async owed(db, userId, ref, now) {
      const order = await orderToPay(db, userId, ref, now);
      return { ref: order.id, total: Number(order.total_fen), title: order.title };
    },
    async lock(trx, owed, now) {
      // The coupon change locks the row too: the total read again, as the payment was checked against.
      if ((await lockOrderTotal(trx, owed.ref)) !== owed.total)
        throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
      await markPaymentStarted(trx, owed.ref, now);
    },
    async paid(trx, ref, at) {
      if (!(await markOrderPaid(trx, ref, at.channel, at.now))) return { paid: false };
      await useCoupon(trx, ref, at.now);
      return { paid: true, afterCommit: () => onPaid(ref) };
    },
    closedMessage: '订单已支付或已关闭',
    ledgerLink: (ref) => ({ orderId: ref }),
  };
}

/** The order as its cashier shows it: the goods, the price lines, the coupon, the pay-by time. */
async function describeOrder(db: DbHandle, userId: number, orderId: number): Promise<PayableView> {
  const row = await ordersDb(db)
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('buyer_user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  const o = await toOrder(db, row, userId);
  const lines: PayableView['lines'] = [{ key: 'price', label: '商品价格', amount: o.price }];
  if (o.depositAmount > 0) lines.push({ key: 'deposit', label: '保证金抵扣', amount: -o.depositAmount });
  if (o.buyerFee > 0) lines.push({ key: 'fee', label: '服务费', amount: o.buyerFee });
  return {
    bizNo: o.orderId,
    purpose: 'order',
    ...ORDER_CASHIER_WORDS,
    open: row.status === OrderStatus.AWAITING_PAYMENT,
    amount: o.totalAmount,
    payBy: o.expireTime,
    goods: {
      title: o.title,
      subtitle: [o.gameName, o.serverName].filter(Boolean).join(' · '),
      image: o.firstImg || null,
    },
    lines,
    note: null,
    next: { page: 'order', id: o.orderId },
    coupon: {
      orderId: o.orderId,
      commodityId: o.commodityId,
      held: o.couponAmount > 0 ? { name: o.couponName, amount: o.couponAmount } : null,
      locked: o.payStarted,
    },
  };
}

/** The buyer's order, still awaiting payment and not run out: what a payment is checked against. */
async function orderToPay(db: DbHandle, userId: number, orderId: number, now: number): Promise<OrderRow> {
  const order = await ordersDb(db)
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('buyer_user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  if (order.status !== OrderStatus.AWAITING_PAYMENT) throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
  if (order.expires_at && order.expires_at.getTime() <= now)
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已超时，请重新下单');
  return order;
}

/** Locks the order's row for the rest of the caller's transaction (a coupon change locks it too) and answers its total. */
async function lockOrderTotal(trx: DbHandle, orderId: number): Promise<number> {
  const row = await ordersDb(trx)
    .selectFrom('orders')
    .select('total_fen')
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.total_fen);
}

/**
 * A payment of the order was started (in the transaction that writes it, under the order's lock):
 * from now on its total stays (no coupon change) and its view says so. The first time is kept.
 */
async function markPaymentStarted(trx: DbHandle, orderId: number, at: Date): Promise<void> {
  await ordersDb(trx)
    .updateTable('orders')
    .set({ payment_started_at: sql<Date>`coalesce(payment_started_at, ${at})` })
    .where('id', '=', orderId)
    .execute();
}

/**
 * The order is paid (awaiting payment → paid, guarded): answers whether this call moved it. A
 * deposit that secured it is applied in the same transaction: the escrow then holds the price.
 */
async function markOrderPaid(trx: DbHandle, orderId: number, payChannel: number, at: Date): Promise<boolean> {
  const moved = await moveOrder(trx, orderId, OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, {
    paid_at: at,
    pay_channel: payChannel,
    expires_at: null,
  });
  if (moved) await applyOrderDeposit(trx, orderId, at);
  return moved;
}
