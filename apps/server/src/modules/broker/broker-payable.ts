import { BROKER_VIEWS, brokerOrderIdOfBizNo } from '@app/protocol/calls/broker-orders';
import type { PayableView } from '@app/protocol/calls/pay';
import { ErrorCode } from '@app/protocol/errors';
import { formatCount } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { ORDER_CASHIER_WORDS, type Payable } from '../payments/payable';
import { brokerDb } from './broker.tables';
import { type BrokerOrderDeps, viewerBrokerOrder } from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';
import { toBrokerOrder } from './broker-order-view';

/**
 * A broker order as the payments module pays it (purpose 'broker', bizNo 'B<id>', trade numbers
 * 'B…'; docs/decisions/0043-payable-purpose.md): it never reads or writes the broker tables itself.
 * The money enters the escrow; the order moves to paid and, once committed, `onPaid` tells the
 * merchant and the chat.
 */
export function brokerPayable(
  onPaid: (brokerOrderId: number) => void,
  /** What the view of an order needs besides the database (the game's receipt check, the clock). */
  orders: Pick<BrokerOrderDeps, 'gateway' | 'now'>,
): Payable {
  return {
    purpose: 'broker',
    tradePrefix: 'B',
    landing: { to: 'escrow' },
    refOf: brokerOrderIdOfBizNo,
    async describe(db, userId, ref): Promise<PayableView> {
      const { row, role } = await viewerBrokerOrder(db, userId, ref, BROKER_VIEWS.BUYER);
      const o = await toBrokerOrder({ ...orders, db }, row, role);
      return {
        bizNo: o.bizNo,
        purpose: 'broker',
        ...ORDER_CASHIER_WORDS,
        open: o.status === BrokerOrderStatus.AWAITING_PAYMENT,
        amount: o.totalAmount,
        payBy: o.expireTime,
        goods: {
          title: `${o.shopName} · ${formatCount(o.quantity)}${o.goldName}`,
          subtitle: `${o.gameName} · ${o.serverName} · 收货角色 ${o.deliverTo.roleName}`,
          image: null,
        },
        lines: [{ key: 'unit', label: '单价', amount: o.unitPrice, unit: '/万' }],
        note: null,
        next: { page: 'brokerOrder', id: o.orderId },
        coupon: null,
      };
    },
    owed: brokerOrderToPay,
    async lock(trx, owed) {
      if ((await lockBrokerOrderToPay(trx, owed.ref)) !== owed.total)
        throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
    },
    async paid(trx, ref, at) {
      if (!(await markBrokerOrderPaid(trx, ref, at.channel, at.now))) return { paid: false };
      return { paid: true, afterCommit: () => onPaid(ref) };
    },
    closedMessage: '订单已支付或已关闭',
  };
}

/** The buyer's broker order, awaiting payment and not run out: what a payment is checked against. */
async function brokerOrderToPay(db: DbHandle, userId: number, id: number, now: number) {
  const order = await brokerDb(db)
    .selectFrom('broker_orders')
    .select(['id', 'total_fen', 'status', 'expires_at', 'gold_name', 'quantity', 'server_name'])
    .where('id', '=', id)
    .where('buyer_user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  if (order.status !== BrokerOrderStatus.AWAITING_PAYMENT)
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
  if (order.expires_at && order.expires_at.getTime() <= now)
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已超时，请重新下单');
  return {
    ref: order.id,
    total: Number(order.total_fen),
    title: `${order.server_name} ${order.gold_name}×${Number(order.quantity)}`,
  };
}

/** Locks the order's row for the caller's transaction; refuses one no longer awaiting payment. */
async function lockBrokerOrderToPay(trx: DbHandle, id: number): Promise<number> {
  const row = await brokerDb(trx)
    .selectFrom('broker_orders')
    .select(['total_fen', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.status !== BrokerOrderStatus.AWAITING_PAYMENT) throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
  return Number(row.total_fen);
}

/**
 * The broker order is paid (101 → 102, guarded): answers whether this call moved it. The
 * merchant's promise starts now (paid + the listing's delivery minutes).
 */
async function markBrokerOrderPaid(trx: DbHandle, id: number, payChannel: number, at: Date): Promise<boolean> {
  const row = await brokerDb(trx)
    .selectFrom('broker_orders')
    .innerJoin('broker_listings', 'broker_listings.id', 'broker_orders.listing_id')
    .select('broker_listings.deliver_minutes')
    .where('broker_orders.id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  return moveBrokerOrder(trx, id, BrokerOrderStatus.AWAITING_PAYMENT, BrokerOrderStatus.PAID, {
    paid_at: at,
    pay_channel: payChannel,
    expires_at: null,
    deliver_before: new Date(at.getTime() + row.deliver_minutes * 60_000),
  });
}
