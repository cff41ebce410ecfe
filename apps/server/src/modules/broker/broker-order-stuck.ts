import type { BrokerDecision } from '@app/protocol/calls/broker-orders';
import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { releaseBrokerStock } from './broker-listing.service';
import {
  type BrokerOrderDeps,
  type BrokerOrderRow,
  refundBrokerOrder,
  sendBrokerRefunds,
  viewerBrokerOrder,
} from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';

const S = BrokerOrderStatus;

/**
 * When the buyer of a trade just started may ask customer service if it is still not reported: the
 * later of the listing's promise and the game's delivery window (`deliverMinutes`) after the start.
 */
export const tradeDueAt = (deliverBefore: Date | null, startedAt: Date, deliverMinutes: number): Date =>
  new Date(Math.max(deliverBefore?.getTime() ?? 0, startedAt.getTime() + deliverMinutes * 60_000));

type StuckFields = Pick<BrokerOrderRow, 'status' | 'delivery' | 'trade_due_at' | 'trade_cs_at'>;

/** A trade started, not reported past its time, and the buyer has not asked yet: he may ask now. */
export const isTradeOverdue = (row: StuckFields, now: number): boolean =>
  row.status === S.DELIVERING &&
  row.delivery === 'trade' &&
  row.trade_cs_at === null &&
  row.trade_due_at !== null &&
  row.trade_due_at.getTime() <= now;

/** A trade never reported whose buyer asked customer service: a case of the console's 商人订单. */
export const isStuckTradeCase = (row: StuckFields): boolean =>
  row.status === S.DELIVERING && row.delivery === 'trade' && row.trade_cs_at !== null;

/** Why the buyer may not ask (yet), or null when he may. */
function refusal(row: BrokerOrderRow, now: number): string | null {
  if (row.status === S.DELIVERED) return '商人已报告发货，请进入游戏核对，如未收到请拒绝收货';
  if (row.status === S.RECEIPT_REFUSED) return '您已拒绝收货，客服将介入处理';
  if (row.status === S.DELIVERING && row.delivery !== 'trade')
    return '该订单由游戏直接发货，正在等待游戏的发货结果，无需申请客服介入';
  if (row.status !== S.DELIVERING) return '只有商人已开始游戏内交易、超时未报告完成的订单可以申请客服介入';
  if (row.trade_cs_at !== null) return '您已申请客服介入，请等待客服处理';
  if (!isTradeOverdue(row, now)) {
    const left = Math.max(1, Math.ceil(((row.trade_due_at?.getTime() ?? now) - now) / 60_000));
    return `商人开始交易后仍有${left}分钟可完成交易，超时未报告完成才能申请客服介入，请先在订单聊天中联系商人`;
  }
  return null;
}

/**
 * tradeCustomerService: the buyer of a trade the merchant started and has not reported past its
 * time asks customer service. One guarded update records it (the order stays 106, the merchant may
 * still report); asked before the time, twice (also twice at once), on another way of delivery or
 * by anyone else: a clear refusal and nothing changes.
 */
export async function requestTradeCustomerService(
  deps: BrokerOrderDeps,
  userId: number,
  orderId: string,
  reason: string,
): Promise<void> {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以申请客服介入');
  const now = (deps.now ?? Date.now)();
  const refused = refusal(row, now);
  if (refused) throw new AppError(ErrorCode.BAD_PARAMS, refused);
  const asked = await brokerDb(deps.db)
    .updateTable('broker_orders')
    .set({ trade_cs_at: new Date(now), note: `买家申请客服介入：${reason}`, updated_at: new Date(now) })
    .where('id', '=', row.id)
    .where('status', '=', S.DELIVERING)
    .where('delivery', '=', 'trade')
    .where('trade_cs_at', 'is', null)
    .where('trade_due_at', '<=', new Date(now))
    .returning('id')
    .executeTakeFirst();
  if (!asked) {
    const again = await brokerDb(deps.db)
      .selectFrom('broker_orders')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    throw new AppError(ErrorCode.BAD_PARAMS, refusal(again, now) ?? '订单状态已变化，请刷新后重试');
  }
  await deps.events?.happened(row.id, 'tradeCsRequested', reason);
}

/**
 * Customer service decides a trade never reported (106, the buyer asked): refund it whole (→ -121,
 * the money back to the buyer's balance, the coins back on sale) or record it delivered (→ 107 with
 * the operator's note, the buyer's confirmation window starting). One guarded move each: of this and
 * the merchant's late report only one wins. `onMoved` records the decision in the same transaction.
 */
export async function decideStuckTrade(
  deps: BrokerOrderDeps,
  row: BrokerOrderRow,
  decision: BrokerDecision,
  staff: { name: string; note: string; onMoved?: (trx: Db, row: BrokerOrderRow) => Promise<void> },
): Promise<void> {
  const now = (deps.now ?? Date.now)();
  const { confirmHours } =
    decision === 'confirm' ? await brokerConfig(deps.db, row.application_id) : { confirmHours: 0 };
  const decided = { cs_decided_at: new Date(now), cs_staff: staff.name };
  const done = await deps.db.transaction().execute(async (trx) => {
    if (decision === 'refund') {
      const moved = await moveBrokerOrder(trx, row.id, S.DELIVERING, S.RETURNED, {
        ...decided,
        note: `客服处理退款：${staff.note}（${staff.name}），款项已退回买家余额`,
      });
      if (!moved) return false;
      await refundBrokerOrder(trx, row, deps.refunds, '客服退款');
      await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
    } else {
      const moved = await moveBrokerOrder(trx, row.id, S.DELIVERING, S.DELIVERED, {
        ...decided,
        delivered_at: new Date(now),
        auto_confirm_at: new Date(now + confirmHours * 3_600_000),
        trade_note: `客服核实：${staff.note}`,
        note: `客服核实已完成游戏内交易：${staff.note}（${staff.name}），请买家核对后确认收货`,
      });
      if (!moved) return false;
    }
    await staff.onMoved?.(trx, row);
    return true;
  });
  if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
  if (decision === 'refund') await sendBrokerRefunds(deps, row.id);
  await deps.events?.happened(row.id, decision === 'refund' ? 'refunded' : 'csDelivered', staff.note);
}
