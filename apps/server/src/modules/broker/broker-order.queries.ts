import { BROKER_VIEWS } from '@app/protocol/calls/broker-orders';
import { ErrorCode } from '@app/protocol/errors';
import { shanghaiDayDigits } from '@app/protocol/format';
import { BrokerOrderStatus, brokerOrderTransitions } from '@app/protocol/statuses/broker-order-status';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { AppError } from '../../platform/errors';
import type { GameGateway } from '../games/game-gateway';
import { Accounts, transfer } from '../ledger/ledger';
import type { OriginRefunds } from '../payments/refund-port';
import { type BrokerOrdersTable, brokerDb } from './broker.tables';
import type { BrokerOrderEvents } from './broker-order-events';

/*
 * The broker order's ground floor: its row and deps, who may see it, its number, its refund, the
 * reads the console and the removal check make. Every other broker-order file stands on this one
 * and this one on none of them (no import circle).
 */

export type BrokerOrderRow = Selectable<BrokerOrdersTable>;

export interface BrokerOrderDeps {
  db: Db;
  gateway: GameGateway;
  events?: BrokerOrderEvents;
  now?: () => number;
  /**
   * Frees the balance parts an unpaid order's started payments reserved (the payments module's
   * releasePayableHolds of 'broker', handed in at composition: the broker module does not call payments).
   */
  releaseHolds?: (trx: Db, brokerOrderId: number) => Promise<void>;
  /**
   * 原路退回 (the payments module's port, handed in at composition): a refunded order's gateway
   * money goes back its way. Absent (a test composing the broker alone), it all goes to the balance.
   */
  refunds?: OriginRefunds;
}

const S = BrokerOrderStatus;
export const brokerClock = (deps: Pick<BrokerOrderDeps, 'now'>) => (deps.now ?? Date.now)();
/** Every column of the broker orders, for a where to narrow. */
export const brokerOrders = (db: DbHandle) => brokerDb(db).selectFrom('broker_orders').selectAll();

/**
 * The order of a viewer: its buyer or its merchant (type 1 / 2 narrows it to that side). Anyone
 * else, or an order that does not exist: 订单不存在, the same answer.
 */
export async function viewerBrokerOrder(
  db: DbHandle,
  userId: number,
  orderId: string | number,
  type?: number,
): Promise<{ row: BrokerOrderRow; role: 'buyer' | 'merchant' }> {
  const row = await brokerOrders(db).where('id', '=', Number(orderId)).executeTakeFirst();
  const role =
    row?.buyer_user_id === userId && type !== BROKER_VIEWS.MERCHANT
      ? 'buyer'
      : row?.seller_user_id === userId && type !== BROKER_VIEWS.BUYER
        ? 'merchant'
        : null;
  if (!row || !role) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return { row, role };
}

export const brokerOrderNo = (id: number, now: number) => `B${shanghaiDayDigits(now)}${String(id).padStart(8, '0')}`;

/** The money of an order that did not happen leaves the escrow: its gateway part back its way (原路退回), the rest to the buyer's balance. */
export async function refundBrokerOrder(
  trx: DbHandle,
  row: Pick<BrokerOrderRow, 'id' | 'buyer_user_id' | 'total_fen'>,
  refunds: OriginRefunds | undefined,
  reason: string,
) {
  if (refunds) {
    const plan = await refunds.toOrigin(trx, {
      purpose: 'broker',
      ref: row.id,
      userId: row.buyer_user_id,
      amountFen: Number(row.total_fen),
      key: `brefund:${row.id}`,
      reason,
      code: 'refund',
      note: `broker order ${row.id}`,
    });
    // The order's note (written by its move) says where the money went.
    if (plan.toOriginFen > 0) {
      const where = plan.toBalanceFen > 0 ? '款项已原路退回，余额支付部分已退回买家余额' : '款项已原路退回';
      await brokerDb(trx)
        .updateTable('broker_orders')
        .set({
          note: sql<string>`replace(replace(note, '款项已全额退回买家余额', ${where}), '款项已退回买家余额', ${where})`,
        })
        .where('id', '=', row.id)
        .execute();
    }
    return;
  }
  await transfer(trx as Db, {
    key: `brefund:${row.id}`,
    debit: Accounts.escrow,
    credit: Accounts.userAvailable(row.buyer_user_id),
    amount: Number(row.total_fen),
    code: 'refund',
    note: `broker order ${row.id}`,
  });
}

/** After a refunded order's transaction committed: its refunds go to their gateways now (or the sweep's). */
export const sendBrokerRefunds = (deps: Pick<BrokerOrderDeps, 'refunds'>, id: number) =>
  deps.refunds?.sendOf('broker', id) ?? Promise.resolve();

/**
 * What customer service looks at (the console): refused receipts, paid orders past the merchant's
 * delivery promise (a refund is possible for them), and trades never reported whose buyer asked.
 */
export const refusedBrokerOrders = (db: DbHandle, now = Date.now()) =>
  brokerOrders(db)
    .where((eb) =>
      eb.or([
        eb('status', '=', S.RECEIPT_REFUSED),
        eb.and([eb('status', 'in', [S.PAID, S.ENGAGED]), eb('deliver_before', '<=', new Date(now))]),
        eb.and([eb('status', '=', S.DELIVERING), eb('delivery', '=', 'trade'), eb('trade_cs_at', 'is not', null)]),
      ]),
    )
    .orderBy('updated_at')
    .limit(200)
    .execute();

/** The statuses a broker order can still leave (its money or coins still on the way). */
export const openBrokerOrderStatuses = (): BrokerOrderStatus[] =>
  (Object.keys(brokerOrderTransitions).map(Number) as BrokerOrderStatus[]).filter(
    (s) => brokerOrderTransitions[s].length > 0,
  );

/** Whether the user has a broker order in flight, as buyer or merchant. */
export async function hasOpenBrokerOrders(db: DbHandle, userId: number): Promise<boolean> {
  const open = openBrokerOrderStatuses();
  return hasAny(
    brokerDb(db)
      .selectFrom('broker_orders')
      .select('id')
      .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
      .where('status', 'in', open),
  );
}
