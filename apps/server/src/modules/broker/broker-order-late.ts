import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { AppError } from '../../platform/errors';
import { releaseBrokerStock } from './broker-listing.service';
import {
  type BrokerOrderDeps,
  type BrokerOrderRow,
  refundBrokerOrder,
  sendBrokerRefunds,
} from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';

const S = BrokerOrderStatus;

/** The merchant's promise passed and his delivery has not started (102/104): the buyer may cancel. */
export const isDeliveryLate = (row: Pick<BrokerOrderRow, 'status' | 'deliver_before'>, now: number): boolean =>
  (row.status === S.PAID || row.status === S.ENGAGED) &&
  row.deliver_before !== null &&
  row.deliver_before.getTime() <= now;

/**
 * cancelOrder of a paid order the merchant let his promise pass on: 102/104 → -121 in one guarded
 * move, the whole amount back from the escrow to the buyer's balance and the coins back on sale, in
 * one transaction. Of this and the merchant starting delivery at once only one wins; before the
 * promise passes the buyer can only urge.
 */
export async function cancelLateBrokerOrder(deps: BrokerOrderDeps, row: BrokerOrderRow): Promise<void> {
  const now = (deps.now ?? Date.now)();
  if (!isDeliveryLate(row, now)) {
    const left = Math.max(1, Math.ceil(((row.deliver_before?.getTime() ?? now) - now) / 60_000));
    throw new AppError(ErrorCode.BAD_PARAMS, `商人承诺${left}分钟内发货，超时未发货才能取消订单，可先催促商人发货`);
  }
  const done = await deps.db.transaction().execute(async (trx) => {
    const moved = await moveBrokerOrder(trx, row.id, [S.PAID, S.ENGAGED], S.RETURNED, {
      note: '商人未在承诺时间内发货，买家取消订单，款项已全额退回买家余额',
    });
    if (!moved) return false;
    await refundBrokerOrder(trx, row, deps.refunds, '商人超时未交付，订单取消');
    await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
    return true;
  });
  if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '订单已开始发货或已关闭，无法取消');
  await sendBrokerRefunds(deps, row.id);
  await deps.events?.happened(row.id, 'lateCancelled');
}
