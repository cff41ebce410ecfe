import { BROKER_SETTLE_HOURS, type BrokerDecision } from '@app/protocol/calls/broker-orders';
import { URGE_MINUTES } from '@app/protocol/calls/customer-service';
import { ErrorCode } from '@app/protocol/errors';
import { asClause } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { Accounts, resolvePending, transfer } from '../ledger/ledger';
import { brokerDb } from './broker.tables';
import { releaseBrokerStock } from './broker-listing.service';
import {
  type BrokerOrderDeps,
  type BrokerOrderRow,
  brokerClock,
  brokerOrders,
  refundBrokerOrder,
  sendBrokerRefunds,
  viewerBrokerOrder,
} from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';
import { decideStuckTrade, isStuckTradeCase } from './broker-order-stuck';
import { rereadBrokerOrder } from './broker-order-view';

/*
 * A paid broker order's moves after delivery: talked, confirmed (by the buyer, the clock or
 * customer service), refused and decided, urged, settled. Placement is broker-order-place.ts,
 * delivery broker-order-delivery.ts, the reads broker-order-view.ts.
 */

const S = BrokerOrderStatus;

/**
 * orderEngaged: the merchant and the buyer talked (102 → 104). Not the merchant's word alone: both
 * must have written in the order's chat (the im module answers).
 */
export async function engageBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'merchant') throw new AppError(ErrorCode.BAD_PARAMS, '只有商人可以操作');
  if (row.status !== S.PAID) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在已付款状态');
  if (!(await deps.events?.talked(row.id)))
    throw new AppError(ErrorCode.BAD_PARAMS, '买卖双方都在订单聊天中发言后，才能标记为已沟通');
  if (!(await moveBrokerOrder(deps.db, row.id, S.PAID, S.ENGAGED)))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单不在已付款状态');
  await deps.events?.happened(row.id, 'engaged');
  return rereadBrokerOrder(deps, row.id, role);
}

/**
 * 107 (or a refusal customer service found unfounded, -105) → 112 待入账: the fee goes to the
 * platform, the merchant's share waits as a pending transfer to his balance until the settlement
 * window ends (111). One guarded move: of a confirmation and a refusal at once only one wins.
 */
export async function confirmBrokerOrder(
  deps: BrokerOrderDeps,
  id: number,
  by: 'buyer' | 'timeout' | { customerService: string; staffName: string; onMoved?: (trx: Db) => Promise<void> },
): Promise<boolean> {
  const now = brokerClock(deps);
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    const row = await brokerOrders(trx).where('id', '=', id).executeTakeFirstOrThrow();
    const from = typeof by === 'object' ? S.RECEIPT_REFUSED : S.DELIVERED;
    const settleAt = new Date(now + BROKER_SETTLE_HOURS * 3_600_000);
    const moved = await moveBrokerOrder(trx, id, from, S.COMPLETED_PENDING, {
      confirmed_at: new Date(now),
      settle_at: settleAt,
      note:
        by === 'timeout'
          ? '买家超时未确认，系统自动确认收货'
          : typeof by === 'object'
            ? `客服核实交付无误，已确认收货：${by.customerService}`
            : '',
      ...(typeof by === 'object' ? { cs_decided_at: new Date(now), cs_staff: by.staffName } : {}),
    });
    if (!moved) return false;
    const fee = Number(row.fee_fen);
    const share = Number(row.total_fen) - fee;
    if (fee > 0)
      await transfer(trx, {
        key: `bfee:${id}`,
        debit: Accounts.escrow,
        credit: Accounts.fees,
        amount: fee,
        code: 'fee',
        note: `broker order ${id}`,
      });
    if (share > 0)
      await transfer(trx, {
        key: `bsettle:${id}`,
        debit: Accounts.escrow,
        credit: Accounts.userAvailable(row.seller_user_id),
        amount: share,
        code: 'seller_pending',
        pending: { timeoutAt: null, dueAt: settleAt },
        note: `broker order ${id}`,
      });
    if (typeof by === 'object') await by.onMoved?.(trx);
    return true;
  });
  if (confirmed)
    await deps.events?.happened(id, by === 'timeout' ? 'autoConfirmed' : by === 'buyer' ? 'confirmed' : 'csConfirmed');
  return confirmed;
}

/** confirmOrder: the buyer confirms receipt (107 → 112). */
export async function buyerConfirmBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以确认收货');
  if (!(await confirmBrokerOrder(deps, row.id, 'buyer')))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待确认收货状态');
  return rereadBrokerOrder(deps, row.id, role);
}

/** customerServiceIntervention: the buyer refuses receipt (107 → -105); the money stays in escrow for customer service. */
export async function refuseBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string, typed: string) {
  const reason = asClause(typed);
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以拒绝收货');
  if (
    !(await moveBrokerOrder(deps.db, row.id, S.DELIVERED, S.RECEIPT_REFUSED, {
      note: `买家拒绝收货：${reason}。客服将介入处理`,
    }))
  )
    throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待确认收货状态');
  await deps.events?.happened(row.id, 'refused', reason);
  return rereadBrokerOrder(deps, row.id, role);
}

/**
 * Customer service decides a refused order (-105): refund (→ -121, the money back to the buyer's
 * balance) or confirm (→ 112 as if the buyer had); a paid order the merchant never delivered
 * (102/104) can only be refunded, its stock back to the listing; a trade never reported whose buyer
 * asked (106) is refunded or recorded delivered (decideStuckTrade). `onMoved` records the decision
 * (the console's audit) in the same transaction.
 */
export async function decideRefusedBrokerOrder(
  deps: BrokerOrderDeps,
  id: number,
  decision: BrokerDecision,
  staff: { name: string; note: string; onMoved?: (trx: Db, row: BrokerOrderRow) => Promise<void> },
): Promise<BrokerOrderRow> {
  const row = await brokerOrders(deps.db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  if (isStuckTradeCase(row)) {
    await decideStuckTrade(deps, row, decision, staff);
    return brokerOrders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
  }
  // A paid order the merchant never delivered may be refunded too (its coins go back on sale).
  const undelivered = row.status === S.PAID || row.status === S.ENGAGED;
  if (row.status !== S.RECEIPT_REFUSED && !(undelivered && decision === 'refund'))
    throw new AppError(ErrorCode.BAD_PARAMS, undelivered ? '商人尚未发货，只能退款' : '订单不在拒绝收货或待发货状态');
  if (decision === 'confirm') {
    const done = await confirmBrokerOrder(deps, id, {
      customerService: `${staff.note}（${staff.name}）`,
      staffName: staff.name,
      ...(staff.onMoved ? { onMoved: (trx: Db) => staff.onMoved!(trx, row) } : {}),
    });
    if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
  } else {
    const done = await deps.db.transaction().execute(async (trx) => {
      if (
        !(await moveBrokerOrder(trx, id, row.status as BrokerOrderStatus, S.RETURNED, {
          note: `客服处理退款：${staff.note}（${staff.name}），款项已退回买家余额`,
          cs_decided_at: new Date(brokerClock(deps)),
          cs_staff: staff.name,
        }))
      )
        return false;
      await refundBrokerOrder(trx, row, deps.refunds, '客服退款');
      if (undelivered) await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
      await staff.onMoved?.(trx, row);
      return true;
    });
    if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
    await sendBrokerRefunds(deps, id);
    await deps.events?.happened(id, 'refunded');
  }
  return brokerOrders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * urgeSellerDelivery / urgeBuyerReceipt: a line in the chat and a notification, at most once per
 * URGE_MINUTES by each side (one guarded update of its urged_at).
 */
export async function urgeBrokerOrder(
  deps: BrokerOrderDeps,
  userId: number,
  orderId: string,
  which: 'delivery' | 'receipt',
): Promise<{ nextAt: number }> {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  const now = brokerClock(deps);
  const column = which === 'delivery' ? 'buyer_urged_at' : 'merchant_urged_at';
  if (which === 'delivery') {
    if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以催发货');
    if (row.status !== S.PAID && row.status !== S.ENGAGED)
      throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待发货状态');
  } else {
    if (role !== 'merchant') throw new AppError(ErrorCode.BAD_PARAMS, '只有商人可以提醒确认收货');
    if (row.status !== S.DELIVERED) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待确认收货状态');
  }
  const since = new Date(now - URGE_MINUTES * 60_000);
  const done = await brokerDb(deps.db)
    .updateTable('broker_orders')
    .set({ [column]: new Date(now) })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', since)]))
    .returning(column)
    .executeTakeFirst();
  if (!done) {
    const last = row[column]?.getTime() ?? now;
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      `${URGE_MINUTES}分钟内只能提醒一次，请${Math.max(1, Math.ceil((last + URGE_MINUTES * 60_000 - now) / 60_000))}分钟后再试`,
    );
  }
  await deps.events?.happened(row.id, which === 'delivery' ? 'urgeDelivery' : 'urgeReceipt');
  return { nextAt: Math.floor((now + URGE_MINUTES * 60_000) / 1000) };
}

/**
 * The sweeper's money part: delivered orders the buyer left unanswered past their window are
 * confirmed; settlements past their window are posted (112 → 111). Each moves once.
 */
export async function settleBrokerOrders(deps: BrokerOrderDeps, now = brokerClock(deps)) {
  const silent = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select('id')
    .where('status', '=', S.DELIVERED)
    .where('auto_confirm_at', '<=', new Date(now))
    .limit(100)
    .execute();
  let confirmed = 0;
  for (const { id } of silent) if (await confirmBrokerOrder({ ...deps, now: () => now }, id, 'timeout')) confirmed++;
  const due = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select(['id', 'total_fen', 'fee_fen'])
    .where('status', '=', S.COMPLETED_PENDING)
    .where('settle_at', '<=', new Date(now))
    .limit(100)
    .execute();
  let settled = 0;
  for (const o of due) {
    const done = await deps.db.transaction().execute(async (trx) => {
      if (!(await moveBrokerOrder(trx, o.id, S.COMPLETED_PENDING, S.COMPLETED_SETTLED))) return false;
      if (Number(o.total_fen) - Number(o.fee_fen) > 0)
        await resolvePending(trx, { key: `bsettle:${o.id}:post`, pendingKey: `bsettle:${o.id}`, action: 'post' });
      return true;
    });
    if (done) {
      settled++;
      await deps.events?.happened(o.id, 'settled');
    }
  }
  return { confirmed, settled };
}
