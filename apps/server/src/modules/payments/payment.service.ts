import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { type PayChannel, thirdPartyOf } from '@app/protocol/pay-channel';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { useCoupon } from '../coupon/coupon.service';
import { Accounts, balanceOf, LedgerError, resolvePending, transfer, transferState } from '../ledger/ledger';
import { lockOrderTotal, markOrderPaid, markPaymentStarted, orderToPay } from '../orders/order-payments';
import type { PayGateway, VerifiedNotice } from './pay-gateway';
import { paymentsDb } from './payments.tables';

export interface PaymentDeps {
  db: Db;
  /** The gateway of each third party: 1 alipay (and 4 花呗), 2 wechat. */
  gateways: { alipay: PayGateway; wechat: PayGateway };
  now?: () => number;
  /** Runs after an order is paid (delivery through the game). */
  onPaid?: (orderId: number) => void;
  /** Besides paths of this site, a cashier may return to this origin (the pre environment of gray users). */
  landingOrigin?: string | undefined;
}

export interface PayRequest {
  userId: number;
  orderId: string;
  channel: PayChannel;
  totalAmount: number;
  balancePart: number;
  thirdPart: number;
  returnUrl: string;
  kind: 'wap' | 'h5' | 'scan';
}

const gatewayOf = (deps: PaymentDeps, channel: PayChannel) =>
  thirdPartyOf(channel) === 2 ? deps.gateways.wechat : deps.gateways.alipay;

const unpaidOrder = (deps: PaymentDeps, userId: number, orderId: string) =>
  orderToPay(deps.db, userId, orderId, (deps.now ?? Date.now)());

/**
 * Inside a payment's transaction: the order row locked (the coupon change locks it too) and its
 * total as the payment was checked against; otherwise the buyer pays again with the new amount.
 */
async function lockedTotal(trx: Db, orderId: number, expected: number): Promise<void> {
  if ((await lockOrderTotal(trx, orderId)) !== expected)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
}

const newTradeNo = (orderId: number) => `P${orderId}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * Starts paying an order through a third party (with or without a balance part): the amounts must
 * add up to the order's total; the balance part is reserved now (a pending transfer) and taken
 * when the gateway says the rest is paid. The same request again answers the same cashier.
 */
export async function startPayment(deps: PaymentDeps, req: PayRequest) {
  const order = await unpaidOrder(deps, req.userId, req.orderId);
  const total = Number(order.total_fen);
  if (req.totalAmount !== total || req.balancePart + req.thirdPart !== total || req.thirdPart <= 0)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const gateway = gatewayOf(deps, req.channel);
  const open = await paymentsDb(deps.db)
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('status', '=', 'created')
    .execute();
  const same = open.find(
    (p) =>
      p.channel === req.channel && Number(p.third_fen) === req.thirdPart && Number(p.balance_fen) === req.balancePart,
  );
  const tradeNo = same?.trade_no ?? newTradeNo(order.id);
  if (!same) {
    await deps.db.transaction().execute(async (trx) => {
      // The order row locked and its total read again: a coupon changed meanwhile changes the amount.
      await lockedTotal(trx, order.id, total);
      await markPaymentStarted(trx, order.id, new Date((deps.now ?? Date.now)()));
      // Another way of paying was chosen: the earlier attempts stop holding balance.
      for (const p of open) {
        await paymentsDb(trx)
          .updateTable('payments')
          .set({ status: 'closed', updated_at: new Date() })
          .where('id', '=', p.id)
          .where('status', '=', 'created')
          .execute();
        if (Number(p.balance_fen) > 0)
          await resolvePending(trx, {
            key: `hold:${p.trade_no}:void`,
            pendingKey: `hold:${p.trade_no}`,
            action: 'void',
          }).catch((e: unknown) => {
            if (!(e instanceof LedgerError && e.reason === 'NOT_PENDING')) throw e;
          });
      }
      await paymentsDb(trx)
        .insertInto('payments')
        .values({
          trade_no: tradeNo,
          order_id: order.id,
          user_id: req.userId,
          channel: req.channel,
          provider: gateway.name,
          third_fen: req.thirdPart,
          balance_fen: req.balancePart,
        })
        .execute();
      if (req.balancePart > 0)
        await transfer(trx, {
          key: `hold:${tradeNo}`,
          debit: Accounts.userAvailable(req.userId),
          credit: Accounts.escrow,
          amount: req.balancePart,
          code: 'balance_hold',
          pending: { timeoutAt: null },
          orderId: order.id,
        }).catch((e: unknown) => {
          if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
            throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
          throw e;
        });
    });
  }
  const created = await gateway.create({
    tradeNo,
    amountFen: req.thirdPart,
    subject: order.title,
    channel: req.channel,
    kind: req.kind,
    returnUrl: safeReturnUrl(req.returnUrl, deps.landingOrigin),
  });
  return { tradeNo, payUrl: created.payUrl, qrCode: created.qrCode, paid: false };
}

const SELF = 'https://self.invalid';

/**
 * Where a cashier may send the buyer back: a path of this site, or a page of the pre environment
 * for gray users; anything else becomes '' (the cashier's own end page). Parsed, not pattern-matched:
 * `/\\evil.example/x` or `//evil.example` are other origins to a browser, and are refused.
 */
export function safeReturnUrl(returnUrl: string, landingOrigin?: string): string {
  if (!returnUrl) return '';
  let url: URL;
  try {
    url = new URL(returnUrl, SELF);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  if (url.origin === SELF) return returnUrl.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : '';
  return landingOrigin && url.origin === new URL(landingOrigin).origin ? url.href : '';
}

/** Pays the whole order from the balance, at once: the order is paid in the same transaction. */
export async function payWithBalance(
  deps: PaymentDeps,
  req: { userId: number; orderId: string; totalAmount: number; balancePrice: number },
) {
  const order = await unpaidOrder(deps, req.userId, req.orderId);
  const total = Number(order.total_fen);
  if (req.totalAmount !== total || req.balancePrice !== total)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const tradeNo = newTradeNo(order.id);
  await deps.db.transaction().execute(async (trx) => {
    const now = new Date((deps.now ?? Date.now)());
    await lockedTotal(trx, order.id, total);
    await markPaymentStarted(trx, order.id, now);
    if (!(await markOrderPaid(trx, order.id, 3, now))) throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
    await useCoupon(trx, order.id, now);
    await paymentsDb(trx)
      .insertInto('payments')
      .values({
        trade_no: tradeNo,
        order_id: order.id,
        user_id: req.userId,
        channel: 3,
        provider: 'balance',
        third_fen: 0,
        balance_fen: total,
        status: 'paid',
        paid_at: now,
      })
      .execute();
    await transfer(trx, {
      key: `bal:${tradeNo}`,
      debit: Accounts.userAvailable(req.userId),
      credit: Accounts.escrow,
      amount: total,
      code: 'payment',
      orderId: order.id,
    }).catch((e: unknown) => {
      if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
        throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
      throw e;
    });
  });
  deps.onPaid?.(order.id);
  return { tradeNo, payUrl: '', qrCode: null, paid: true };
}

export async function combinationAvailable(deps: PaymentDeps, userId: number, orderId: string) {
  const order = await unpaidOrder(deps, userId, orderId);
  const { available } = await balanceOf(deps.db, Accounts.userAvailable(userId));
  const total = Number(order.total_fen);
  return { available: available > 0 && available < total, balance: available, totalAmount: total };
}

export type NoticeOutcome = 'paid' | 'repeat' | 'late-refunded' | 'closed' | 'refused';

/**
 * A verified notification, applied once: the third-party money enters the escrow, the balance part
 * is taken, the order is paid, all in one transaction. A repeat changes nothing. A payment for an
 * order that ended meanwhile (支付超时, 取消) goes to the buyer's balance instead of vanishing. An
 * amount that is not the payment's is refused.
 */
export async function applyNotice(
  deps: PaymentDeps,
  gatewayName: string,
  notice: VerifiedNotice,
): Promise<NoticeOutcome> {
  const payment = await paymentsDb(deps.db)
    .selectFrom('payments')
    .selectAll()
    .where('trade_no', '=', notice.tradeNo)
    .executeTakeFirst();
  if (!payment || payment.provider !== gatewayName) return 'refused';
  if (notice.amountFen !== Number(payment.third_fen)) return 'refused';
  if (notice.outcome === 'closed') {
    if (payment.status !== 'created') return 'repeat';
    await deps.db.transaction().execute(async (trx) => {
      const closed = await paymentsDb(trx)
        .updateTable('payments')
        .set({ status: 'closed', updated_at: new Date() })
        .where('id', '=', payment.id)
        .where('status', '=', 'created')
        .returning('id')
        .executeTakeFirst();
      if (closed && Number(payment.balance_fen) > 0)
        await resolvePending(trx, {
          key: `hold:${payment.trade_no}:void`,
          pendingKey: `hold:${payment.trade_no}`,
          action: 'void',
        }).catch((e: unknown) => {
          if (!(e instanceof LedgerError && e.reason === 'NOT_PENDING')) throw e;
        });
    });
    return 'closed';
  }
  if (payment.status === 'paid' || payment.status === 'refunded') return 'repeat';
  const outcome = await deps.db.transaction().execute(async (trx): Promise<NoticeOutcome> => {
    const now = new Date((deps.now ?? Date.now)());
    const claimed = await paymentsDb(trx)
      .updateTable('payments')
      .set({ status: 'paid', paid_at: now, provider_trade_no: notice.providerTradeNo, updated_at: now })
      .where('id', '=', payment.id)
      .where('status', 'in', ['created', 'closed'])
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'repeat';
    await transfer(trx, {
      key: `pay:${payment.trade_no}`,
      debit: Accounts.gateway(gatewayName),
      credit: Accounts.escrow,
      amount: Number(payment.third_fen),
      code: 'payment',
      orderId: payment.order_id,
    });
    const holdKey = `hold:${payment.trade_no}`;
    const hold = await transferState(trx, holdKey);
    const paidOrder =
      payment.status === 'created' &&
      (hold === undefined || hold === 'pending') &&
      (await markOrderPaid(trx, payment.order_id, payment.channel, now));
    if (paidOrder) {
      if (hold) await resolvePending(trx, { key: `${holdKey}:post`, pendingKey: holdKey, action: 'post' });
      await useCoupon(trx, payment.order_id, now);
      return 'paid';
    }
    // The order ended (or another payment won): the money is the buyer's, on their balance.
    await transfer(trx, {
      key: `late:${payment.trade_no}`,
      debit: Accounts.escrow,
      credit: Accounts.userAvailable(payment.user_id),
      amount: Number(payment.third_fen),
      code: 'refund_late_payment',
      orderId: payment.order_id,
    });
    if (hold === 'pending') await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
    await paymentsDb(trx)
      .updateTable('payments')
      .set({ status: 'refunded', note: '订单已关闭，款项已退回余额' })
      .where('id', '=', payment.id)
      .execute();
    return 'late-refunded';
  });
  if (outcome === 'paid') deps.onPaid?.(payment.order_id);
  return outcome;
}
