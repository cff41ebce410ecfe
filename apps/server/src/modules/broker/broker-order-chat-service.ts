import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { brokerDb } from './broker.tables';
import type { BrokerOrderDeps, BrokerOrderRow } from './broker-order.queries';
import { isStuckTradeCase } from './broker-order-stuck';

const S = BrokerOrderStatus;

/**
 * Whether customer service has a reason to be in a broker order's chat: the order is in the
 * console's 商人订单 queue (a refused receipt, a paid order past the merchant's promise, an in-game
 * trade never reported whose buyer asked: the same as `refusedBrokerOrders`), or customer service
 * already decided it (the staff member comes back to explain).
 */
export function brokerOrderNeedsService(row: BrokerOrderRow, now: number): boolean {
  if (row.cs_decided_at !== null) return true;
  if (row.status === S.RECEIPT_REFUSED || isStuckTradeCase(row)) return true;
  const undelivered = row.status === S.PAID || row.status === S.ENGAGED;
  return undelivered && row.deliver_before !== null && row.deliver_before.getTime() <= now;
}

/** A broker order as customer service reads it (the workbench beside its chat), or 订单不存在. */
export async function brokerOrderForService(db: DbHandle, orderId: number): Promise<BrokerOrderRow> {
  const row = await brokerDb(db).selectFrom('broker_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return row;
}

/**
 * 进入会话 from the console (docs/decisions/0023-broker.md "Customer service in the order's chat"):
 * the staff member joins the broker order's chat as 客服 beside the buyer and the merchant, who are
 * told 客服已介入 the first time he joins; answers the group.
 */
export async function joinBrokerOrderChat(
  deps: BrokerOrderDeps,
  orderId: number,
  staff: { id: number; name: string },
): Promise<{ orderNo: string; groupId: string }> {
  const row = await brokerOrderForService(deps.db, orderId);
  if (!brokerOrderNeedsService(row, (deps.now ?? Date.now)()))
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      '该订单无需客服介入：只有拒绝收货、超时未发货或申请了客服介入的订单可以进入会话',
    );
  const joined = await deps.events?.serviceJoins(orderId, staff);
  if (!joined) throw new AppError(ErrorCode.BAD_PARAMS, '该订单没有聊天会话');
  return { orderNo: row.order_no, ...joined };
}
