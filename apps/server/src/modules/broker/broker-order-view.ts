import type { BrokerDelivery } from '@app/protocol/calls/broker';
import { BROKER_VIEWS, type BrokerOrder, brokerBizNo } from '@app/protocol/calls/broker-orders';
import {
  BrokerOrderStatus,
  brokerOrderStatusLabel,
  brokerOrderTransitions,
} from '@app/protocol/statuses/broker-order-status';
import type { DbHandle } from '../../platform/db/handle';
import { pageOf } from '../../platform/db/page';
import { knownGameName } from '../market/catalogue';
import { signedReceiptHolds } from '../orders/signed-receipt';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { type BrokerOrderDeps, type BrokerOrderRow, brokerOrders } from './broker-order.queries';
import { isDeliveryLate } from './broker-order-late';
import { isTradeOverdue } from './broker-order-stuck';

/* The broker order as its buyer or merchant reads it: one order, a page of them, the status counts. */

const S = BrokerOrderStatus;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * The order as its buyer or its merchant sees it. `known`: what the caller read already (a new
 * order's placement read its merchant's shop and its channel's delivery), not read again.
 */
export async function toBrokerOrder(
  deps: Pick<BrokerOrderDeps, 'db' | 'gateway' | 'now'>,
  row: BrokerOrderRow,
  role: 'buyer' | 'merchant',
  known: { shopName?: string; delivery?: BrokerDelivery } = {},
): Promise<BrokerOrder> {
  const now = (deps.now ?? Date.now)();
  const gameName = await knownGameName(deps.db, row.application_id);
  const shopName =
    known.shopName ??
    (row.merchant_id === null
      ? undefined
      : (
          await brokerDb(deps.db)
            .selectFrom('merchants')
            .select('shop_name')
            .where('id', '=', row.merchant_id)
            .executeTakeFirst()
        )?.shop_name);
  const total = Number(row.total_fen);
  const fee = role === 'merchant' ? Number(row.fee_fen) : 0;
  const r = row.receipt;
  const verified = r ? signedReceiptHolds(deps.gateway, row.application_id, r as never, row.receipt_signature) : false;
  return {
    orderId: String(row.id),
    orderNo: row.order_no,
    bizNo: brokerBizNo(row.id),
    commodityId: row.listing_id === null ? '' : String(row.listing_id),
    applicationId: row.application_id,
    gameName: gameName ?? '',
    merchantId: row.merchant_id === null ? '' : String(row.merchant_id),
    shopName: shopName ?? (row.merchant_id === null ? '玩家出售' : ''),
    serverId: row.server_id,
    serverName: row.server_name,
    goldType: row.gold_type,
    goldName: row.gold_name,
    quantity: Number(row.quantity),
    unitPrice: Number(row.unit_price_fen),
    totalAmount: total,
    fee,
    merchantReceive: role === 'merchant' ? total - fee : 0,
    role,
    status: row.status,
    statusLabel: brokerOrderStatusLabel[row.status as BrokerOrderStatus] ?? '',
    deliverTo: {
      gameAccountId: row.deliver_account_id,
      gameRoleId: row.deliver_role_id,
      roleName: row.deliver_role_name,
    },
    deliverFrom: row.from_role_id
      ? { gameRoleId: row.from_role_id, roleName: row.from_role_name ?? '', serverName: row.from_server_name ?? '' }
      : null,
    delivery: row.delivery ?? known.delivery ?? (await brokerConfig(deps.db, row.application_id)).delivery,
    tradeReport:
      row.delivery === 'trade' && row.delivered_at
        ? { note: row.trade_note, images: row.trade_images, at: seconds(row.delivered_at) ?? 0 }
        : null,
    receipt: r
      ? {
          from: r.from ?? row.from_role_id ?? '',
          to: r.to,
          toName: row.deliver_role_name,
          at: Math.floor(r.at / 1000),
          coinType: r.coinType ?? null,
          amount: r.amount ?? null,
          verified,
        }
      : null,
    expireTime: row.status === S.AWAITING_PAYMENT ? seconds(row.expires_at) : null,
    payChannel: row.pay_channel,
    payTime: seconds(row.paid_at),
    deliverBefore: seconds(row.deliver_before),
    deliverMinutes:
      row.paid_at && row.deliver_before
        ? Math.round((row.deliver_before.getTime() - row.paid_at.getTime()) / 60_000)
        : null,
    deliveryLate: isDeliveryLate(row, now),
    tradeDueTime: row.status === S.DELIVERING && row.delivery === 'trade' ? seconds(row.trade_due_at) : null,
    tradeOverdue: role === 'buyer' && isTradeOverdue(row, now),
    tradeCsTime: seconds(row.trade_cs_at),
    csDecided: row.cs_decided_at !== null,
    deliverTime: seconds(row.delivered_at),
    autoConfirmTime: row.status === S.DELIVERED ? seconds(row.auto_confirm_at) : null,
    settleTime: row.status === S.COMPLETED_PENDING ? seconds(row.settle_at) : null,
    note: row.note,
    createTime: seconds(row.created_at) ?? 0,
  };
}

export async function rereadBrokerOrder(
  deps: BrokerOrderDeps,
  id: number,
  role: 'buyer' | 'merchant',
): Promise<BrokerOrder> {
  const row = await brokerOrders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
  return toBrokerOrder(deps, row, role);
}

const viewColumn = (type: number) => (type === BROKER_VIEWS.MERCHANT ? 'seller_user_id' : 'buyer_user_id');

/** getFinishBuyOrderList: the viewer's orders as buyer (1) or merchant (2), newest first. */
export async function brokerOrderList(
  deps: BrokerOrderDeps,
  userId: number,
  q: { type: number; applicationId?: string | undefined; status?: number | undefined; page: number; pageSize: number },
) {
  let query = brokerOrders(deps.db).where(viewColumn(q.type), '=', userId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  const { rows, hasMore } = await pageOf(query.orderBy('id', 'desc'), q);
  const role = q.type === BROKER_VIEWS.MERCHANT ? 'merchant' : 'buyer';
  const list = [];
  for (const row of rows) list.push(await toBrokerOrder(deps, row, role));
  return { list, hasMore };
}

/** getOrderStatusList: every status with the viewer's count of it. */
export async function brokerOrderStatusList(
  db: DbHandle,
  userId: number,
  q: { type: number; applicationId?: string | undefined },
) {
  let query = brokerDb(db)
    .selectFrom('broker_orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where(viewColumn(q.type), '=', userId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  const counts = new Map((await query.groupBy('status').execute()).map((r) => [r.status, Number(r.n)]));
  const statuses = Object.keys(brokerOrderTransitions).map(Number) as BrokerOrderStatus[];
  statuses.sort((a, b) => (a > 0 && b > 0 ? a - b : b - a));
  return {
    list: statuses.map((status) => ({
      status,
      statusLabel: brokerOrderStatusLabel[status],
      count: counts.get(status) ?? 0,
    })),
  };
}
