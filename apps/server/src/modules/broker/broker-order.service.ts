import { BrokerListingStatus, brokerTotalFen } from '@app/protocol/calls/broker';
import {
  BROKER_PAY_MINUTES,
  BROKER_SETTLE_HOURS,
  BROKER_VIEWS,
  type BrokerDecision,
  type BrokerOrder,
  brokerBizNo,
  type brokerOrderPlace,
} from '@app/protocol/calls/broker-orders';
import { URGE_MINUTES } from '@app/protocol/calls/customer-service';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { asClause, shanghaiDayDigits } from '@app/protocol/format';
import {
  BrokerOrderStatus,
  brokerOrderStatusLabel,
  brokerOrderTransitions,
} from '@app/protocol/statuses/broker-order-status';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import type { GameGateway } from '../games/game-gateway';
import { Accounts, resolvePending, transfer } from '../ledger/ledger';
import { gameById, serverOf } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { phoneAndRealName } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { type BrokerOrdersTable, brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { brokerListingById, releaseBrokerStock, reserveBrokerStock } from './broker-listing.service';
import type { BrokerOrderEvents } from './broker-order-events';
import { cancelLateBrokerOrder, isDeliveryLate } from './broker-order-late';
import { moveBrokerOrder } from './broker-order-moves';
import { decideStuckTrade, isStuckTradeCase, isTradeOverdue } from './broker-order-stuck';

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
}

const S = BrokerOrderStatus;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const clock = (deps: BrokerOrderDeps) => (deps.now ?? Date.now)();
const orders = (db: DbHandle) => brokerDb(db).selectFrom('broker_orders').selectAll();

/** The order as its buyer or its merchant sees it. */
export async function toBrokerOrder(
  deps: Pick<BrokerOrderDeps, 'db' | 'gateway' | 'now'>,
  row: BrokerOrderRow,
  role: 'buyer' | 'merchant',
): Promise<BrokerOrder> {
  const now = (deps.now ?? Date.now)();
  const game = await gameById(deps.db, row.application_id);
  const shop =
    row.merchant_id === null
      ? undefined
      : await brokerDb(deps.db)
          .selectFrom('merchants')
          .select('shop_name')
          .where('id', '=', row.merchant_id)
          .executeTakeFirst();
  const total = Number(row.total_fen);
  const fee = role === 'merchant' ? Number(row.fee_fen) : 0;
  const r = row.receipt;
  let verified = false;
  if (r) {
    try {
      verified = deps.gateway.receiptHolds(row.application_id, r as never, row.receipt_signature);
    } catch {
      verified = false;
    }
  }
  return {
    orderId: String(row.id),
    orderNo: row.order_no,
    bizNo: brokerBizNo(row.id),
    commodityId: row.listing_id === null ? '' : String(row.listing_id),
    applicationId: row.application_id,
    gameName: game?.name ?? '',
    merchantId: row.merchant_id === null ? '' : String(row.merchant_id),
    shopName: shop?.shop_name ?? (row.merchant_id === null ? '玩家出售' : ''),
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
    delivery: row.delivery ?? (await brokerConfig(deps.db, row.application_id)).delivery,
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
  const row = await orders(db).where('id', '=', Number(orderId)).executeTakeFirst();
  const role =
    row?.buyer_user_id === userId && type !== 2
      ? 'buyer'
      : row?.seller_user_id === userId && type !== 1
        ? 'merchant'
        : null;
  if (!row || !role) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return { row, role };
}

async function reread(deps: BrokerOrderDeps, id: number, role: 'buyer' | 'merchant'): Promise<BrokerOrder> {
  const row = await orders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
  return toBrokerOrder(deps, row, role);
}

const orderNo = (id: number, now: number) => `B${shanghaiDayDigits(now)}${String(id).padStart(8, '0')}`;

const existing = (db: DbHandle, buyerUserId: number, requestKey: string) =>
  orders(db).where('buyer_user_id', '=', buyerUserId).where('request_key', '=', requestKey).executeTakeFirst();

type PlaceInput = CallInput<typeof brokerOrderPlace>;

/**
 * orderPlace: every check first (the buyer's phone and real name, the listing on sale by an approved
 * merchant of an open channel, not one's own, the quantity within the listing's and the game's
 * bounds and the stock, the receiving role a role of the buyer's linked account in the listing's
 * master group, checked with the game); then in one transaction the stock is reserved (one guarded
 * update) and the order written 101 with its deadline, its chat opened. The same request key
 * answers the same order, also when sent twice at once.
 */
export async function placeBrokerOrder(deps: BrokerOrderDeps, buyerUserId: number, input: PlaceInput) {
  const { db, gateway } = deps;
  const now = clock(deps);
  const repeated = await existing(db, buyerUserId, input.requestKey);
  if (repeated) return toBrokerOrder(deps, repeated, 'buyer');
  const user = await phoneAndRealName(db, buyerUserId);
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!user.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const listing = await brokerListingById(db, Number(input.commodityId));
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === buyerUserId) throw new AppError(ErrorCode.OWN_COMMODITY, '不能购买自己的商品');
  const merchant = await brokerDb(db)
    .selectFrom('merchants')
    .select(['status', 'shop_name'])
    .where('id', '=', listing.merchant_id)
    .executeTakeFirst();
  if (merchant?.status !== 'approved') throw new AppError(ErrorCode.BAD_PARAMS, '该商人暂停营业');
  const config = await brokerConfig(db, listing.application_id);
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放商人寄售');
  if (listing.status === BrokerListingStatus.SOLD_OUT) throw new AppError(ErrorCode.BAD_PARAMS, '商品已售罄');
  if (listing.status !== BrokerListingStatus.ON_SALE) throw new AppError(ErrorCode.BAD_PARAMS, '商品已下架');
  const min = Math.max(Number(listing.min_per_order), config.minQuantity);
  const max = Math.min(Number(listing.max_per_order), config.maxQuantity);
  if (input.quantity < min) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最少购买${min}`);
  if (input.quantity > max) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最多购买${max}`);
  if (input.quantity > Number(listing.stock)) throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量');
  // The receiving role: of the buyer's linked account, in the listing's master group (the game says so).
  if (!(await isLinkedGameAccount(db, buyerUserId, listing.application_id, input.gameAccountId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号收货');
  const { roles } = await gateway.roles(listing.application_id, input.gameAccountId);
  const role = roles.find((r) => r.id === input.gameRoleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '收货角色不存在');
  const server = await serverOf(db, listing.application_id, role.serverId);
  if (server?.masterServerId !== listing.master_server_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '收货角色须与商品在同一主服');
  const total = brokerTotalFen(input.quantity, Number(listing.unit_price_fen));
  const fee = Math.round((total * config.feePercent) / 100);
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // Both accounts held open while the order is written (a closing account waits, then sees it).
      await holdOpenAccount(trx, buyerUserId);
      await holdOpenAccount(trx, listing.seller_user_id);
      if (!(await reserveBrokerStock(trx, listing.id, input.quantity)))
        throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量');
      const inserted = await brokerDb(trx)
        .insertInto('broker_orders')
        .values({
          order_no: `pending-${buyerUserId}-${input.requestKey}`,
          request_key: input.requestKey,
          buyer_user_id: buyerUserId,
          merchant_id: listing.merchant_id,
          seller_user_id: listing.seller_user_id,
          listing_id: listing.id,
          application_id: listing.application_id,
          server_id: listing.server_id,
          server_name: listing.server_name,
          master_server_id: listing.master_server_id,
          gold_type: listing.gold_type,
          gold_name: listing.gold_name,
          quantity: input.quantity,
          unit_price_fen: Number(listing.unit_price_fen),
          total_fen: total,
          fee_fen: fee,
          status: S.AWAITING_PAYMENT,
          deliver_account_id: role.accountId,
          deliver_role_id: role.id,
          deliver_role_name: role.name,
          expires_at: new Date(now + BROKER_PAY_MINUTES * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.events?.opened(trx, {
        id: inserted.id,
        buyerUserId,
        sellerUserId: listing.seller_user_id,
        title: `${merchant.shop_name} · ${listing.gold_name}`,
      });
      return brokerDb(trx)
        .updateTable('broker_orders')
        .set({ order_no: orderNo(inserted.id, now) })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await deps.events?.happened(placed.id, 'placed');
    return toBrokerOrder(deps, placed, 'buyer');
  } catch (error) {
    const winner = await existing(db, buyerUserId, input.requestKey);
    if (winner) return toBrokerOrder(deps, winner, 'buyer');
    throw error;
  }
}

/** An unpaid order ends (cancelled or timed out): its stock goes back and its balance holds are freed, in one transaction. */
async function endUnpaid(
  deps: BrokerOrderDeps,
  row: Pick<BrokerOrderRow, 'id' | 'listing_id' | 'quantity'>,
  to: typeof S.CANCELLED | typeof S.TIMEOUT,
): Promise<boolean> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveBrokerOrder(trx, row.id, S.AWAITING_PAYMENT, to, { expires_at: null }))) return false;
    await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
    await deps.releaseHolds?.(trx, row.id);
    return true;
  });
  if (ended) await deps.events?.happened(row.id, to === S.CANCELLED ? 'cancelled' : 'timedOut');
  return ended;
}

/**
 * cancelOrder: the buyer, before payment (101 → -102); or after it when the merchant let his
 * delivery promise pass without starting (102/104 → -121, cancelLateBrokerOrder).
 */
export async function cancelBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以取消订单');
  if (row.status === S.PAID || row.status === S.ENGAGED) await cancelLateBrokerOrder(deps, row);
  else if (!(await endUnpaid(deps, row, S.CANCELLED)))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭，无法取消');
  return reread(deps, row.id, role);
}

/** The sweeper: unpaid orders past their deadline end (-101), their stock back. */
export async function expireBrokerOrders(deps: BrokerOrderDeps, now = clock(deps)): Promise<number> {
  const due = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select(['id', 'listing_id', 'quantity'])
    .where('status', '=', S.AWAITING_PAYMENT)
    .where('expires_at', '<=', new Date(now))
    .limit(200)
    .execute();
  let n = 0;
  for (const row of due) if (await endUnpaid(deps, row, S.TIMEOUT)) n++;
  return n;
}

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
  return reread(deps, row.id, role);
}

/** The money of an order that did not happen goes back from the escrow to the buyer's balance. */
export async function refundBrokerOrder(
  trx: DbHandle,
  row: Pick<BrokerOrderRow, 'id' | 'buyer_user_id' | 'total_fen'>,
) {
  await transfer(trx as Db, {
    key: `brefund:${row.id}`,
    debit: Accounts.escrow,
    credit: Accounts.userAvailable(row.buyer_user_id),
    amount: Number(row.total_fen),
    code: 'refund',
    note: `broker order ${row.id}`,
  });
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
  const now = clock(deps);
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    const row = await orders(trx).where('id', '=', id).executeTakeFirstOrThrow();
    const from = typeof by === 'object' ? S.RECEIPT_REFUSED : S.DELIVERED;
    const moved = await moveBrokerOrder(trx, id, from, S.COMPLETED_PENDING, {
      confirmed_at: new Date(now),
      settle_at: new Date(now + BROKER_SETTLE_HOURS * 3_600_000),
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
        pending: { timeoutAt: null },
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
  return reread(deps, row.id, role);
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
  return reread(deps, row.id, role);
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
  const row = await orders(deps.db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  if (isStuckTradeCase(row)) {
    await decideStuckTrade(deps, row, decision, staff);
    return orders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
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
          cs_decided_at: new Date(clock(deps)),
          cs_staff: staff.name,
        }))
      )
        return false;
      await refundBrokerOrder(trx, row);
      if (undelivered) await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
      await staff.onMoved?.(trx, row);
      return true;
    });
    if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
    await deps.events?.happened(id, 'refunded');
  }
  return orders(deps.db).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * What customer service looks at (the console): refused receipts, paid orders past the merchant's
 * delivery promise (a refund is possible for them), and trades never reported whose buyer asked.
 */
export const refusedBrokerOrders = (db: DbHandle, now = Date.now()) =>
  orders(db)
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
  const now = clock(deps);
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

const viewColumn = (type: number) => (type === BROKER_VIEWS.MERCHANT ? 'seller_user_id' : 'buyer_user_id');

/** getFinishBuyOrderList: the viewer's orders as buyer (1) or merchant (2), newest first. */
export async function brokerOrderList(
  deps: BrokerOrderDeps,
  userId: number,
  q: { type: number; applicationId?: string | undefined; status?: number | undefined; page: number; pageSize: number },
) {
  let query = orders(deps.db).where(viewColumn(q.type), '=', userId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const role = q.type === BROKER_VIEWS.MERCHANT ? 'merchant' : 'buyer';
  const list = [];
  for (const row of rows.slice(0, q.pageSize)) list.push(await toBrokerOrder(deps, row, role));
  return { list, hasMore: rows.length > q.pageSize };
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

/**
 * The sweeper's money part: delivered orders the buyer left unanswered past their window are
 * confirmed; settlements past their window are posted (112 → 111). Each moves once.
 */
export async function settleBrokerOrders(deps: BrokerOrderDeps, now = clock(deps)) {
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

/** The statuses a broker order can still leave (its money or coins still on the way). */
export const openBrokerOrderStatuses = (): BrokerOrderStatus[] =>
  (Object.keys(brokerOrderTransitions).map(Number) as BrokerOrderStatus[]).filter(
    (s) => brokerOrderTransitions[s].length > 0,
  );

/** Whether the user has a broker order in flight, as buyer or merchant. */
export async function hasOpenBrokerOrders(db: DbHandle, userId: number): Promise<boolean> {
  const open = openBrokerOrderStatuses();
  const row = await brokerDb(db)
    .selectFrom('broker_orders')
    .select('id')
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]))
    .where('status', 'in', open)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A fill of a buy order (docs/decisions/0025-bid-book.md) becomes a broker order already paid (102):
 * the bid-book module moved its money into the escrow and, for a merchant, reserved the listing's
 * stock, in the caller's transaction. From here delivery, confirmation, refusal and settlement are
 * a broker order's. A player selling from his own role has no merchant nor listing. The chat opens
 * here; the caller tells `paid` once committed.
 */
export async function createFilledBrokerOrder(
  trx: Db,
  deps: Pick<BrokerOrderDeps, 'events'>,
  fill: {
    requestKey: string;
    buyerUserId: number;
    sellerUserId: number;
    merchantId: number | null;
    listingId: number | null;
    title: string;
    applicationId: string;
    serverId: string;
    serverName: string;
    masterServerId: string;
    goldType: number;
    goldName: string;
    quantity: number;
    unitPriceFen: number;
    totalFen: number;
    feeFen: number;
    deliverTo: { accountId: string; roleId: string; roleName: string };
    deliverMinutes: number;
    now: number;
  },
): Promise<number> {
  const inserted = await brokerDb(trx)
    .insertInto('broker_orders')
    .values({
      order_no: `pending-${fill.buyerUserId}-${fill.requestKey}`,
      request_key: fill.requestKey,
      buyer_user_id: fill.buyerUserId,
      merchant_id: fill.merchantId,
      seller_user_id: fill.sellerUserId,
      listing_id: fill.listingId,
      application_id: fill.applicationId,
      server_id: fill.serverId,
      server_name: fill.serverName,
      master_server_id: fill.masterServerId,
      gold_type: fill.goldType,
      gold_name: fill.goldName,
      quantity: fill.quantity,
      unit_price_fen: fill.unitPriceFen,
      total_fen: fill.totalFen,
      fee_fen: fill.feeFen,
      status: S.PAID,
      deliver_account_id: fill.deliverTo.accountId,
      deliver_role_id: fill.deliverTo.roleId,
      deliver_role_name: fill.deliverTo.roleName,
      expires_at: null,
      paid_at: new Date(fill.now),
      deliver_before: new Date(fill.now + fill.deliverMinutes * 60_000),
      note: '求购成交，款项已从买家冻结的余额支付',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await brokerDb(trx)
    .updateTable('broker_orders')
    .set({ order_no: orderNo(inserted.id, fill.now) })
    .where('id', '=', inserted.id)
    .execute();
  await deps.events?.opened(trx, {
    id: inserted.id,
    buyerUserId: fill.buyerUserId,
    sellerUserId: fill.sellerUserId,
    title: fill.title,
  });
  return inserted.id;
}
