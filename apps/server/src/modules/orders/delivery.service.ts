import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { AUTO_CONFIRM_HOURS, SETTLE_PROTECTION_HOURS } from '@app/protocol/calls/orders';
import { ErrorCode } from '@app/protocol/errors';
import { asClause } from '@app/protocol/format';
import { LISTING_SOLD_NOTE, ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { releaseCoupon } from '../coupon/coupon.service';
import { moveListing } from '../exchange/listing-moves';
import { listingById, recordSale } from '../exchange/listings';
import { Accounts, resolvePending, transfer } from '../ledger/ledger';
import type { OriginRefundPlan, OriginRefunds } from '../payments/refund-port';
import type { OrderDeps } from './order.service';
import { viewerOrder } from './order.service';
import { moveOrder, noteOrder } from './order-moves';
import { ordersDb } from './orders.tables';

export type DeliveryOutcome = 'delivered' | 'returned' | 'retry' | 'skipped';

/**
 * Delivery of a paid order through the game partner API: the game moves the role to the buyer's
 * account (or the coins / props to the buyer's role) and answers a signed receipt; the order
 * becomes 待收货 and the listing is sold. A refusal returns the order (已退回) with the money to
 * the buyer's balance and the listing back on sale; a lost answer leaves the order paid, and the
 * sweeper asks again: the game answers a repeated transfer with the first one, so it moves once.
 */
export async function deliverOrder(deps: OrderDeps, orderId: number): Promise<DeliveryOutcome> {
  const { db, gateway } = deps;
  const order = await ordersDb(db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (order?.status !== OrderStatus.PAID) return 'skipped';
  const listing = await listingById(db, order.commodity_id);
  if (!listing) throw new Error(`order ${order.id}: listing ${order.commodity_id} not found`);
  const now = new Date((deps.now ?? Date.now)());
  let result: Awaited<ReturnType<GameGatewayTransfer>>;
  try {
    result = await gateway.transfer(
      order.application_id,
      {
        listingId: String(listing.id),
        roleId: listing.game_role_id ?? '',
        buyerAccountId: order.deliver_account_id,
        ...(order.deliver_role_id ? { buyerRoleId: order.deliver_role_id } : {}),
      },
      `deliver-${order.id}`,
    );
  } catch (error) {
    if (!(error instanceof PartnerRefusal)) return 'retry';
    const returned = await db.transaction().execute(async (trx) => {
      if (!(await moveOrder(trx, order.id, OrderStatus.PAID, OrderStatus.RETURNED))) return null;
      await moveListing(trx, listing.id, ListingStatus.SELLING, ListingStatus.ON_SALE);
      const plan = await refundToBuyer(trx, order, deps.refunds, `交付失败：${error.message}`);
      await noteOrder(trx, order.id, `交付失败：${error.message}，${refundWhere(plan)}`);
      return plan.refundNos;
    });
    await deps.refunds?.send(returned ?? []);
    if (returned) await deps.events?.happened(order.id, 'deliveryFailed', error.message);
    return 'returned';
  }
  const { signature, repeated: _repeated, ...receipt } = result;
  const delivered = await db.transaction().execute(async (trx) => {
    if (
      !(await moveOrder(trx, order.id, OrderStatus.PAID, OrderStatus.AWAITING_RECEIPT, {
        delivered_at: now,
        receipt: JSON.stringify(receipt),
        receipt_signature: signature,
      }))
    )
      return false;
    await moveListing(trx, listing.id, ListingStatus.SELLING, ListingStatus.INVALID, { note: LISTING_SOLD_NOTE });
    await recordSale(trx, listing, {
      title: order.title,
      type: order.type,
      priceFen: Number(order.price_fen),
      soldAt: now,
    });
    return true;
  });
  if (delivered) await deps.events?.happened(order.id, 'delivered');
  return 'delivered';
}
type GameGatewayTransfer = OrderDeps['gateway']['transfer'];

/**
 * A returned order (-21): what the buyer paid (with the deposit applied to it) leaves the escrow,
 * their coupon is theirs again. Through the refunds port, the part a gateway paid goes back its way
 * (原路退回) and the rest to the balance; answers the refund numbers to send once committed.
 */
export async function refundToBuyer(
  trx: Db,
  order: { id: number; buyer_user_id: number; total_fen: number; deposit_fen: number },
  refunds: OriginRefunds | undefined,
  reason: string,
): Promise<OriginRefundPlan> {
  await releaseCoupon(trx, order.id);
  // What the buyer paid, and the deposit applied to it.
  const amount = Number(order.total_fen) + Number(order.deposit_fen);
  const key = `refund:${order.id}`;
  if (refunds) {
    const plan = await refunds.toOrigin(trx, {
      purpose: 'order',
      ref: order.id,
      userId: order.buyer_user_id,
      amountFen: amount,
      key,
      reason: reason.slice(0, 80),
      orderId: order.id,
      code: 'refund',
    });
    return plan;
  }
  await transfer(trx, {
    key,
    debit: Accounts.escrow,
    credit: Accounts.userAvailable(order.buyer_user_id),
    amount,
    code: 'refund',
    orderId: order.id,
  });
  return { refundNos: [], toOriginFen: 0, toBalanceFen: amount };
}

/** Where a refund's money went, as the order's note ends (款项已原路退回 / 已退回余额 / both); `who` names the balance's owner. */
export function refundWhere(plan: OriginRefundPlan, who = ''): string {
  if (plan.toOriginFen > 0 && plan.toBalanceFen > 0) return `款项已原路退回，余额支付部分已退回${who}余额`;
  return plan.toOriginFen > 0 ? '款项已原路退回' : `款项已退回${who}余额`;
}

/**
 * 待收货 → confirmed: the buyer's side is 交易成功; the fees go to the platform and the seller's
 * money waits as a pending transfer (待入账, 32) until the protection window ends. Customer service
 * confirms a refused receipt (-5) the same way when it finds the delivery right.
 */
export async function confirm(
  deps: OrderDeps,
  orderId: number,
  by: 'buyer' | 'timeout' | { customerService: string; onMoved?: (trx: DbHandle) => Promise<void> },
) {
  const now = (deps.now ?? Date.now)();
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    const order = await ordersDb(trx)
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const settleAt = new Date(now + SETTLE_PROTECTION_HOURS * 3_600_000);
    const from = typeof by === 'object' ? OrderStatus.RECEIPT_REFUSED : OrderStatus.AWAITING_RECEIPT;
    // Customer service cannot confirm once a refund asked the game to take the goods back.
    if (typeof by === 'object') {
      const locked = await ordersDb(trx)
        .selectFrom('orders')
        .select('reclaim_requested_at')
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.reclaim_requested_at) throw new AppError(ErrorCode.BAD_PARAMS, '已要求游戏收回物品，只能继续退款');
    }
    const moved = await moveOrder(trx, order.id, from, OrderStatus.PENDING_SETTLEMENT, {
      confirmed_at: new Date(now),
      settle_at: settleAt,
      note:
        by === 'timeout'
          ? `买家${AUTO_CONFIRM_HOURS}小时未确认，系统自动确认收货`
          : typeof by === 'object'
            ? `客服核实交付无误，已确认收货：${by.customerService}`
            : '',
    });
    if (!moved) return false;
    // The platform pays the coupon: the escrow then holds price + buyer's fee, as if no coupon.
    const coupon = Number(order.coupon_fen);
    if (coupon > 0)
      await transfer(trx, {
        key: `subsidy:${order.id}`,
        debit: Accounts.subsidies,
        credit: Accounts.escrow,
        amount: coupon,
        code: 'coupon_subsidy',
        orderId: order.id,
      });
    const fees = Number(order.buyer_fee_fen) + Number(order.seller_fee_fen);
    const sellerGets = Number(order.price_fen) - Number(order.seller_fee_fen);
    if (fees > 0)
      await transfer(trx, {
        key: `fee:${order.id}`,
        debit: Accounts.escrow,
        credit: Accounts.fees,
        amount: fees,
        code: 'fee',
        orderId: order.id,
      });
    if (sellerGets > 0)
      await transfer(trx, {
        key: `settle:${order.id}`,
        debit: Accounts.escrow,
        credit: Accounts.userAvailable(order.seller_user_id),
        amount: sellerGets,
        code: 'seller_pending',
        pending: { timeoutAt: null, dueAt: settleAt },
        orderId: order.id,
      });
    // Customer service's own record of the decision (its audit), in the same transaction.
    if (typeof by === 'object') await by.onMoved?.(trx);
    return true;
  });
  if (confirmed)
    await deps.events?.happened(
      orderId,
      by === 'timeout' ? 'autoConfirmed' : by === 'buyer' ? 'confirmed' : 'csConfirmed',
    );
  return confirmed;
}

export async function confirmReceipt(deps: OrderDeps, buyerUserId: number, orderId: string) {
  const row = await viewerOrder(deps.db, buyerUserId, orderId);
  if (row.buyer_user_id !== buyerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以确认收货');
  if (!(await confirm(deps, row.id, 'buyer'))) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待收货状态');
  return viewerOrder(deps.db, buyerUserId, orderId);
}

/** 待收货 → 拒绝收货 (-5): the money stays in escrow while customer service looks into it. */
export async function rejectReceipt(
  deps: OrderDeps,
  buyerUserId: number,
  orderId: string,
  typed: string,
  images: readonly string[] = [],
) {
  const reason = asClause(typed);
  const row = await viewerOrder(deps.db, buyerUserId, orderId);
  if (row.buyer_user_id !== buyerUserId) throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以拒绝收货');
  if (images.length > 0 && !(await deps.events?.evidenceValid(buyerUserId, images)))
    throw new AppError(ErrorCode.BAD_PARAMS, '凭证图片无效或已过期，请重新上传');
  const moved = await moveOrder(deps.db, row.id, OrderStatus.AWAITING_RECEIPT, OrderStatus.RECEIPT_REFUSED, {
    note: `买家拒绝收货：${reason}。客服将介入处理`,
    receipt_refused_at: new Date(),
  });
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待收货状态');
  await deps.events?.happened(row.id, 'refused', reason);
  await deps.events?.evidence(row.id, buyerUserId, images);
  return viewerOrder(deps.db, buyerUserId, orderId);
}

/**
 * The order sweeper's money part: paid orders not yet delivered are delivered (after a crash or a
 * lost answer); deliveries the buyer left unanswered for AUTO_CONFIRM_HOURS are confirmed;
 * settlements past their window are posted (待入账 → 交易成功(已到账), 31). Each moves once.
 */
export async function sweepDeliveries(deps: OrderDeps, now = (deps.now ?? Date.now)()) {
  const { db } = deps;
  const paid = await ordersDb(db)
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.PAID)
    .limit(50)
    .execute();
  let delivered = 0;
  for (const { id } of paid) if ((await deliverOrder(deps, id)) === 'delivered') delivered++;
  const silent = await ordersDb(db)
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.AWAITING_RECEIPT)
    .where('delivered_at', '<=', new Date(now - AUTO_CONFIRM_HOURS * 3_600_000))
    .limit(100)
    .execute();
  let confirmed = 0;
  for (const { id } of silent) if (await confirm({ ...deps, now: () => now }, id, 'timeout')) confirmed++;
  const due = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'price_fen', 'seller_fee_fen'])
    .where('status', '=', OrderStatus.PENDING_SETTLEMENT)
    .where('settle_at', '<=', new Date(now))
    .limit(100)
    .execute();
  let settled = 0;
  for (const o of due) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await moveOrder(trx, o.id, OrderStatus.PENDING_SETTLEMENT, OrderStatus.SETTLED))) return false;
      const sellerGets = Number(o.price_fen) - Number(o.seller_fee_fen);
      if (sellerGets > 0)
        await resolvePending(trx, { key: `settle:${o.id}:post`, pendingKey: `settle:${o.id}`, action: 'post' });
      return true;
    });
    if (done) {
      settled++;
      await deps.events?.happened(o.id, 'settled');
    }
  }
  return { delivered, confirmed, settled };
}
