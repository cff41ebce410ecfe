import { randomBytes } from 'node:crypto';
import { bidIdOfBizNo } from '@app/protocol/calls/bid-book';
import { brokerOrderIdOfBizNo } from '@app/protocol/calls/broker-orders';
import { ErrorCode } from '@app/protocol/errors';
import { type PayChannel, thirdPartyOf } from '@app/protocol/pay-channel';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { coinBidToPay, fundPaidCoinBid, lockCoinBidRow, lockCoinBidToPay } from '../bid-book/bid-funding';
import { brokerOrderToPay, lockBrokerOrderToPay, markBrokerOrderPaid } from '../broker/broker-order-payments';
import { useCoupon } from '../coupon/coupon.service';
import {
  type DepositKeepers,
  depositIdOfBizNo,
  depositToPay,
  holdPaidDeposit,
  lockDeposit,
} from '../deposits/deposit.service';
import { Accounts, balanceOf, LedgerError, resolvePending, transfer, transferState } from '../ledger/ledger';
import { lockOrderTotal, markOrderPaid, markPaymentStarted, orderToPay } from '../orders/order-payments';
import { lockAccountOpen } from '../user/user.service';
import type { PayGateway, VerifiedNotice } from './pay-gateway';
import { paymentsDb } from './payments.tables';

export interface PaymentDeps {
  db: Db;
  /** The gateway of each third party: 1 alipay (and 4 花呗), 2 wechat. */
  gateways: { alipay: PayGateway; wechat: PayGateway };
  now?: () => number;
  /** Runs after an order is paid (delivery through the game). */
  onPaid?: (orderId: number) => void;
  /** Runs after a broker order is paid (the merchant and the chat hear of it). */
  onBrokerPaid?: (brokerOrderId: number) => void;
  /** Besides paths of this site, a cashier may return to this origin (the pre environment of gray users). */
  landingOrigin?: string | undefined;
  /** What each purpose of a deposit (保证金) does once it is paid. */
  keepers: DepositKeepers;
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

/**
 * What a cashier pays (its bizNo): an order, a deposit ('D' and its id, docs/decisions/0021-deposits.md),
 * a broker order ('B' and its id, docs/decisions/0023-broker.md) or the missing money of a bid ('Q'
 * and its id, docs/decisions/0025-bid-book.md). All are checked, locked and paid through the same
 * calls, gateways and notifications. A deposit's and a bid's money lands on the buyer's balance
 * and is held there from it.
 */
interface Payable {
  kind: 'order' | 'deposit' | 'broker' | 'bid';
  id: number;
  total: number;
  title: string;
}

async function payableToPay(deps: PaymentDeps, userId: number, bizNo: string): Promise<Payable> {
  const now = (deps.now ?? Date.now)();
  const depositId = depositIdOfBizNo(bizNo);
  if (depositId !== null) {
    const deposit = await depositToPay(deps.db, userId, depositId, now);
    return { kind: 'deposit', id: deposit.id, total: Number(deposit.amount_fen), title: `保证金-${deposit.title}` };
  }
  const brokerId = brokerOrderIdOfBizNo(bizNo);
  if (brokerId !== null) return { kind: 'broker', ...(await brokerOrderToPay(deps.db, userId, brokerId, now)) };
  const bidId = bidIdOfBizNo(bizNo);
  if (bidId !== null) return { kind: 'bid', ...(await coinBidToPay(deps.db, userId, bidId, now)) };
  const order = await orderToPay(deps.db, userId, bizNo, now);
  return { kind: 'order', id: order.id, total: Number(order.total_fen), title: order.title };
}

const payableColumns = (p: Payable) => ({
  order_id: p.kind === 'order' ? p.id : null,
  deposit_id: p.kind === 'deposit' ? p.id : null,
  broker_order_id: p.kind === 'broker' ? p.id : null,
  coin_bid_id: p.kind === 'bid' ? p.id : null,
});
const columnOf = {
  order: 'order_id',
  deposit: 'deposit_id',
  broker: 'broker_order_id',
  bid: 'coin_bid_id',
} as const satisfies Record<Payable['kind'], string>;
const payableColumn = (p: Payable) => columnOf[p.kind];

/**
 * Inside a payment's transaction: the order row locked (the coupon change locks it too) and its
 * total as the payment was checked against, otherwise the buyer pays again with the new amount;
 * a deposit's row locked, still waiting for its payment.
 */
async function lockedTotal(trx: Db, payable: Payable): Promise<void> {
  if (payable.kind === 'deposit') {
    if ((await lockDeposit(trx, payable.id)).status !== 'unpaid')
      throw new AppError(ErrorCode.BAD_PARAMS, '保证金已支付或已关闭');
    return;
  }
  if (payable.kind === 'bid') return lockCoinBidToPay(trx, payable.id);
  if (payable.kind === 'broker') {
    if ((await lockBrokerOrderToPay(trx, payable.id)) !== payable.total)
      throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
    return;
  }
  if ((await lockOrderTotal(trx, payable.id)) !== payable.total)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
}

const tradePrefix = { order: 'P', deposit: 'D', broker: 'B', bid: 'Q' } as const;
const newTradeNo = (p: Payable) =>
  `${tradePrefix[p.kind]}${p.id}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * Starts paying an order through a third party (with or without a balance part): the amounts must
 * add up to the order's total; the balance part is reserved now (a pending transfer) and taken
 * when the gateway says the rest is paid. The same request again answers the same cashier.
 */
export async function startPayment(deps: PaymentDeps, req: PayRequest) {
  const payable = await payableToPay(deps, req.userId, req.orderId);
  const total = payable.total;
  if (req.totalAmount !== total || req.balancePart + req.thirdPart !== total || req.thirdPart <= 0)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const gateway = gatewayOf(deps, req.channel);
  const open = await paymentsDb(deps.db)
    .selectFrom('payments')
    .selectAll()
    .where(payableColumn(payable), '=', payable.id)
    .where('status', '=', 'created')
    .execute();
  const same = open.find(
    (p) =>
      p.channel === req.channel && Number(p.third_fen) === req.thirdPart && Number(p.balance_fen) === req.balancePart,
  );
  const tradeNo = same?.trade_no ?? newTradeNo(payable);
  const orderId = payable.kind === 'order' ? payable.id : undefined;
  if (!same) {
    await deps.db.transaction().execute(async (trx) => {
      // The order row locked and its total read again: a coupon changed meanwhile changes the amount.
      await lockedTotal(trx, payable);
      if (orderId) await markPaymentStarted(trx, orderId, new Date((deps.now ?? Date.now)()));
      // Another way of paying was chosen: the earlier attempts stop holding balance.
      for (const p of open) {
        await paymentsDb(trx)
          .updateTable('payments')
          .set({ status: 'closed', updated_at: new Date() })
          .where('id', '=', p.id)
          .where('status', '=', 'created')
          .execute();
        if (Number(p.balance_fen) > 0) await releaseBalanceHold(trx, p.trade_no);
      }
      await paymentsDb(trx)
        .insertInto('payments')
        .values({
          trade_no: tradeNo,
          ...payableColumns(payable),
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
          ...(orderId ? { orderId } : {}),
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
    subject: payable.title,
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

/**
 * Pays the whole order (or deposit) from the balance, at once: the order is paid (the deposit
 * held) in the same transaction.
 */
export async function payWithBalance(
  deps: PaymentDeps,
  req: { userId: number; orderId: string; totalAmount: number; balancePrice: number },
) {
  const payable = await payableToPay(deps, req.userId, req.orderId);
  const total = payable.total;
  if (req.totalAmount !== total || req.balancePrice !== total)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const tradeNo = newTradeNo(payable);
  const after = await deps.db.transaction().execute(async (trx) => {
    const now = new Date((deps.now ?? Date.now)());
    await lockedTotal(trx, payable);
    await paymentsDb(trx)
      .insertInto('payments')
      .values({
        trade_no: tradeNo,
        ...payableColumns(payable),
        user_id: req.userId,
        channel: 3,
        provider: 'balance',
        third_fen: 0,
        balance_fen: total,
        status: 'paid',
        paid_at: now,
      })
      .execute();
    // The deposit's money is on the balance already: holding it is all its payment does.
    if (payable.kind === 'deposit') return (await holdPaidDeposit(trx, deps.keepers, payable.id, now)).afterCommit;
    // The same for a bid: its missing money is on the balance, so the whole bid is held from it.
    if (payable.kind === 'bid') {
      if (!(await fundPaidCoinBid(trx, payable.id, now)))
        throw new AppError(ErrorCode.BAD_PARAMS, '求购已付款或已关闭');
      return undefined;
    }
    if (payable.kind === 'broker') {
      if (!(await markBrokerOrderPaid(trx, payable.id, 3, now)))
        throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
      await transfer(trx, {
        key: `bal:${tradeNo}`,
        debit: Accounts.userAvailable(req.userId),
        credit: Accounts.escrow,
        amount: total,
        code: 'payment',
      }).catch((e: unknown) => {
        if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
          throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
        throw e;
      });
      return undefined;
    }
    await markPaymentStarted(trx, payable.id, now);
    if (!(await markOrderPaid(trx, payable.id, 3, now))) throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭');
    await useCoupon(trx, payable.id, now);
    await transfer(trx, {
      key: `bal:${tradeNo}`,
      debit: Accounts.userAvailable(req.userId),
      credit: Accounts.escrow,
      amount: total,
      code: 'payment',
      orderId: payable.id,
    }).catch((e: unknown) => {
      if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
        throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
      throw e;
    });
    return undefined;
  });
  if (payable.kind === 'order') deps.onPaid?.(payable.id);
  if (payable.kind === 'broker') deps.onBrokerPaid?.(payable.id);
  await after?.();
  return { tradeNo, payUrl: '', qrCode: null, paid: true };
}

export async function combinationAvailable(deps: PaymentDeps, userId: number, orderId: string) {
  const payable = await payableToPay(deps, userId, orderId);
  const { available } = await balanceOf(deps.db, Accounts.userAvailable(userId));
  const total = payable.total;
  return { available: available > 0 && available < total, balance: available, totalAmount: total };
}

export type NoticeOutcome = 'paid' | 'repeat' | 'late-refunded' | 'refund-owed' | 'closed' | 'refused';

/**
 * A verified notification, applied once: the third-party money enters the escrow, the balance part
 * is taken, the order is paid, all in one transaction. A repeat changes nothing. A payment for an
 * order that ended meanwhile (支付超时, 取消) goes to the buyer's balance instead of vanishing. A
 * payment of an account closed meanwhile never reaches a balance: it is owed back through its
 * channel (`oweBack`). An amount that is not the payment's is refused.
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
      if (closed && Number(payment.balance_fen) > 0) await releaseBalanceHold(trx, payment.trade_no);
    });
    return 'closed';
  }
  if (payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'refund_owed') return 'repeat';
  if (payment.deposit_id !== null) {
    const depositId = payment.deposit_id;
    return applyBalanceNotice(deps, gatewayName, payment, notice, {
      code: 'deposit_payment',
      lateNote: '保证金无需支付或已退回，款项已在余额中',
      hold: (trx, now) => holdPaidDeposit(trx, deps.keepers, depositId, now),
    });
  }
  if (payment.coin_bid_id !== null) {
    const bidId = payment.coin_bid_id;
    return applyBalanceNotice(deps, gatewayName, payment, notice, {
      code: 'bid_payment',
      lateNote: '求购已关闭，款项已在余额中',
      hold: async (trx, now) => ({ held: await fundPaidCoinBid(trx, bidId, now) }),
      lock: (trx) => lockCoinBidRow(trx, bidId),
    });
  }
  const orderId = payment.order_id;
  const brokerId = payment.broker_order_id;
  if (orderId === null && brokerId === null) return 'refused';
  // Ledger transfers name the exchange order they belong to (a broker order's key names it instead).
  const ledgerOrder = orderId !== null ? { orderId } : {};
  const outcome = await deps.db.transaction().execute(async (trx): Promise<NoticeOutcome> => {
    const now = new Date((deps.now ?? Date.now)());
    // The payer's row first (a closing account waits, or has closed and the money is owed back).
    if (!(await lockAccountOpen(trx, payment.user_id))) return oweBack(trx, gatewayName, payment, notice, now);
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
      ...ledgerOrder,
    });
    const holdKey = `hold:${payment.trade_no}`;
    const hold = await transferState(trx, holdKey);
    const paidOrder =
      payment.status === 'created' &&
      (hold === undefined || hold === 'pending') &&
      (brokerId !== null
        ? await markBrokerOrderPaid(trx, brokerId, payment.channel, now)
        : orderId !== null && (await markOrderPaid(trx, orderId, payment.channel, now)));
    if (paidOrder) {
      if (hold) await resolvePending(trx, { key: `${holdKey}:post`, pendingKey: holdKey, action: 'post' });
      if (orderId !== null) await useCoupon(trx, orderId, now);
      return 'paid';
    }
    // The order ended (or another payment won): the money is the buyer's, on their balance.
    await transfer(trx, {
      key: `late:${payment.trade_no}`,
      debit: Accounts.escrow,
      credit: Accounts.userAvailable(payment.user_id),
      amount: Number(payment.third_fen),
      code: 'refund_late_payment',
      ...ledgerOrder,
    });
    if (hold === 'pending') await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
    await paymentsDb(trx)
      .updateTable('payments')
      .set({ status: 'refunded', note: '订单已关闭，款项已退回余额' })
      .where('id', '=', payment.id)
      .execute();
    return 'late-refunded';
  });
  if (outcome === 'paid') {
    if (orderId !== null) deps.onPaid?.(orderId);
    if (brokerId !== null) deps.onBrokerPaid?.(brokerId);
  }
  return outcome;
}

type PaidPayment = { id: number; trade_no: string; user_id: number; third_fen: number };

/**
 * A payment that landed for an account closed meanwhile (issue 31): claimed once as 'refund_owed',
 * its money recorded as owed back to the payer through its channel (gateway → platform:refunds_owed),
 * never credited to the closed account; a balance part it still reserved is released. The
 * operator refunds it at the gateway; the payment row and the ledger say how much and which trade.
 */
async function oweBack(
  trx: Db,
  gatewayName: string,
  payment: PaidPayment,
  notice: VerifiedNotice,
  now: Date,
): Promise<'refund-owed' | 'repeat'> {
  const claimed = await paymentsDb(trx)
    .updateTable('payments')
    .set({
      status: 'refund_owed',
      paid_at: now,
      provider_trade_no: notice.providerTradeNo,
      note: '账号已注销，款项将原路退回',
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .where('status', 'in', ['created', 'closed'])
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return 'repeat';
  await transfer(trx, {
    key: `owed:${payment.trade_no}`,
    debit: Accounts.gateway(gatewayName),
    credit: Accounts.refundsOwed,
    amount: Number(payment.third_fen),
    code: 'refund_owed',
  });
  const holdKey = `hold:${payment.trade_no}`;
  if ((await transferState(trx, holdKey)) === 'pending')
    await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
  return 'refund-owed';
}

/**
 * An account closes (the user module's removal, its row locked): its payments still open at a
 * gateway are closed here, their balance parts released. Whatever a gateway still notifies for
 * one is owed back through its channel (applyNotice), never credited to the closed account.
 */
export async function closeUserPayments(trx: Db, userId: number): Promise<number> {
  const open = await paymentsDb(trx)
    .updateTable('payments')
    .set({ status: 'closed', note: '账号已注销，支付已关闭', updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .returning(['trade_no', 'balance_fen'])
    .execute();
  for (const p of open) if (Number(p.balance_fen) > 0) await releaseBalanceHold(trx, p.trade_no);
  return open.length;
}

/**
 * A deposit's or a bid's payment notified: the third-party money enters the buyer's balance, the
 * balance part reserved at the start is freed, and the whole deposit (the whole bid) is held from
 * the balance if it still waits (and a deposit's proposal keeps it); otherwise it stays on the
 * balance (a late payment, or a proposal or bid that ended meanwhile, is never lost).
 */
async function applyBalanceNotice(
  deps: PaymentDeps,
  gatewayName: string,
  payment: PaidPayment,
  notice: VerifiedNotice,
  payable: {
    code: string;
    lateNote: string;
    hold: (trx: Db, now: Date) => Promise<{ held: boolean; afterCommit?: () => Promise<void> }>;
    /**
     * Locks what the money is for before any ledger account, as the payable's own closing does
     * (its row, then the ledger): the other order would deadlock against it.
     */
    lock?: (trx: Db) => Promise<void>;
  },
): Promise<NoticeOutcome> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const now = new Date((deps.now ?? Date.now)());
    if (!(await lockAccountOpen(trx, payment.user_id)))
      return { outcome: await oweBack(trx, gatewayName, payment, notice, now) };
    const claimed = await paymentsDb(trx)
      .updateTable('payments')
      .set({ status: 'paid', paid_at: now, provider_trade_no: notice.providerTradeNo, updated_at: now })
      .where('id', '=', payment.id)
      .where('status', 'in', ['created', 'closed'])
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { outcome: 'repeat' as const };
    await payable.lock?.(trx);
    await transfer(trx, {
      key: `pay:${payment.trade_no}`,
      debit: Accounts.gateway(gatewayName),
      credit: Accounts.userAvailable(payment.user_id),
      amount: Number(payment.third_fen),
      code: payable.code,
    });
    const holdKey = `hold:${payment.trade_no}`;
    if ((await transferState(trx, holdKey)) === 'pending')
      await resolvePending(trx, { key: `${holdKey}:void`, pendingKey: holdKey, action: 'void' });
    const held = await payable.hold(trx, now);
    if (!held.held)
      await paymentsDb(trx)
        .updateTable('payments')
        .set({ status: 'refunded', note: payable.lateNote })
        .where('id', '=', payment.id)
        .execute();
    return { outcome: held.held ? ('paid' as const) : ('late-refunded' as const), after: held.afterCommit };
  });
  await result.after?.();
  return result.outcome;
}

/**
 * A broker order ended unpaid (timeout, cancel): the balance parts its started payments reserved
 * are freed. A third-party payment arriving later is refunded to the balance (applyNotice).
 */
export const releaseBrokerOrderHolds = (trx: Db, brokerOrderId: number) =>
  releaseHolds(trx, 'broker_order_id', brokerOrderId);

/** The same for a bid that closed waiting for its money (a later payment stays on the balance). */
export const releaseCoinBidHolds = (trx: Db, bidId: number) => releaseHolds(trx, 'coin_bid_id', bidId);

async function releaseHolds(trx: Db, column: 'broker_order_id' | 'coin_bid_id', id: number): Promise<void> {
  const open = await paymentsDb(trx)
    .selectFrom('payments')
    .select(['trade_no', 'balance_fen'])
    .where(column, '=', id)
    .where('status', '=', 'created')
    .execute();
  for (const p of open) if (Number(p.balance_fen) > 0) await releaseBalanceHold(trx, p.trade_no);
}

/**
 * The balance part a payment reserved (`hold:<tradeNo>`) given back; a hold already resolved (the
 * payment paid, or released by an earlier path) is left as it is.
 */
async function releaseBalanceHold(trx: Db, tradeNo: string): Promise<void> {
  await resolvePending(trx, { key: `hold:${tradeNo}:void`, pendingKey: `hold:${tradeNo}`, action: 'void' }).catch(
    (e: unknown) => {
      if (!(e instanceof LedgerError && e.reason === 'NOT_PENDING')) throw e;
    },
  );
}
