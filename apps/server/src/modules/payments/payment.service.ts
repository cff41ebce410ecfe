import { ErrorCode } from '@app/protocol/errors';
import { type PayChannel, thirdPartyOf } from '@app/protocol/pay-channel';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ATTR_BIZ_NO, traceAttributes } from '../../platform/tracing/trace-attributes';
import { Accounts, balanceOf, transfer } from '../ledger/ledger';
import type { PayGateway } from './pay-gateway';
import type { PaidAnswer, Payables } from './payable';
import { newTradeNo, releaseBalanceHold, shortBalance } from './payment-holds';
import { paymentsDb } from './payments.tables';

export interface PaymentDeps {
  db: Db;
  /** The gateway of each third party: 1 alipay (and 4 花呗), 2 wechat. */
  gateways: { alipay: PayGateway; wechat: PayGateway };
  now?: () => number;
  /** What a cashier can pay: each purpose's adapter, registered at composition. */
  payables: Payables;
  /** Runs after a payment committed, before its purpose hears of it (a test hook of crash-restart.test.ts). */
  committed?: () => void;
  /** Hands committed refunds (a late payment's, a closed account's) to their gateways; the refunds sweep otherwise. */
  sendRefunds?: (refundNos: readonly string[]) => Promise<void>;
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

/**
 * What a cashier pays (its bizNo): an order, a deposit ('D' and its id, docs/decisions/0021-deposits.md),
 * a broker order ('B' and its id, docs/decisions/0023-broker.md), the missing money of a bid ('Q'
 * and its id, docs/decisions/0025-bid-book.md), or whatever purpose registered its adapter: all are
 * checked, locked and paid through the same calls, gateways and notifications.
 */
async function payableToPay(deps: PaymentDeps, userId: number, bizNo: string) {
  const { payable, ref } = deps.payables.ofBizNo(bizNo);
  const owed = await payable.owed(deps.db, userId, ref, (deps.now ?? Date.now)());
  return { payable, owed };
}

/** What the cashier of `bizNo` pays, as its purpose describes it to the buyer. */
export async function describePayable(deps: PaymentDeps, userId: number, bizNo: string) {
  const { payable, ref } = deps.payables.ofBizNo(bizNo);
  return payable.describe(deps.db, userId, ref, (deps.now ?? Date.now)());
}

/** A payment's purpose heard of it once committed (and whether it was paid). */
export async function runAfterPaid(deps: PaymentDeps, paid: boolean, answer: PaidAnswer): Promise<void> {
  if (paid) deps.committed?.();
  await answer.afterCommit?.();
}

/**
 * Starts paying through a third party (with or without a balance part): the amounts must add up to
 * what is owed; the balance part is reserved now (a pending transfer) and taken when the gateway
 * says the rest is paid. The same request again answers the same cashier.
 */
export async function startPayment(deps: PaymentDeps, req: PayRequest) {
  traceAttributes({ [ATTR_BIZ_NO]: req.orderId });
  const { payable, owed } = await payableToPay(deps, req.userId, req.orderId);
  const total = owed.total;
  if (req.totalAmount !== total || req.balancePart + req.thirdPart !== total || req.thirdPart <= 0)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const gateway = gatewayOf(deps, req.channel);
  const open = await paymentsDb(deps.db)
    .selectFrom('payments')
    .selectAll()
    .where('purpose', '=', payable.purpose)
    .where('ref', '=', owed.ref)
    .where('status', '=', 'created')
    .execute();
  const same = open.find(
    (p) =>
      p.channel === req.channel && Number(p.third_fen) === req.thirdPart && Number(p.balance_fen) === req.balancePart,
  );
  const tradeNo = same?.trade_no ?? newTradeNo(payable, owed);
  if (!same) {
    await deps.db.transaction().execute(async (trx) => {
      // The payable's row locked and its total read again: a coupon changed meanwhile changes the amount.
      await payable.lock(trx, owed, new Date((deps.now ?? Date.now)()));
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
          purpose: payable.purpose,
          ref: owed.ref,
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
          ...payable.ledgerLink?.(owed.ref),
        }).catch(shortBalance);
    });
  }
  const created = await gateway.create({
    tradeNo,
    amountFen: req.thirdPart,
    subject: owed.title,
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
 * Pays the whole of it from the balance, at once, in one transaction: an 'escrow' payable is paid
 * (the money taken into the escrow); a 'balance' one holds its money where it already is.
 */
export async function payWithBalance(
  deps: PaymentDeps,
  req: { userId: number; orderId: string; totalAmount: number; balancePrice: number },
) {
  const { payable, owed } = await payableToPay(deps, req.userId, req.orderId);
  const total = owed.total;
  if (req.totalAmount !== total || req.balancePrice !== total)
    throw new AppError(ErrorCode.BAD_PARAMS, '支付金额与订单金额不一致，请刷新后重试');
  const tradeNo = newTradeNo(payable, owed);
  const answer = await deps.db.transaction().execute(async (trx) => {
    const now = new Date((deps.now ?? Date.now)());
    await payable.lock(trx, owed, now);
    await paymentsDb(trx)
      .insertInto('payments')
      .values({
        trade_no: tradeNo,
        purpose: payable.purpose,
        ref: owed.ref,
        user_id: req.userId,
        channel: 3,
        provider: 'balance',
        third_fen: 0,
        balance_fen: total,
        status: 'paid',
        paid_at: now,
      })
      .execute();
    const paid = await payable.paid(trx, owed.ref, { channel: 3, now });
    if (!paid.paid && payable.closedMessage) throw new AppError(ErrorCode.BAD_PARAMS, payable.closedMessage);
    if (payable.landing.to === 'escrow')
      await transfer(trx, {
        key: `bal:${tradeNo}`,
        debit: Accounts.userAvailable(req.userId),
        credit: Accounts.escrow,
        amount: total,
        code: 'payment',
        ...payable.ledgerLink?.(owed.ref),
      }).catch(shortBalance);
    return paid;
  });
  await runAfterPaid(deps, answer.paid, answer);
  return { tradeNo, payUrl: '', qrCode: null, paid: true };
}

export async function combinationAvailable(deps: PaymentDeps, userId: number, orderId: string) {
  const { owed } = await payableToPay(deps, userId, orderId);
  const { available } = await balanceOf(deps.db, Accounts.userAvailable(userId));
  const total = owed.total;
  return { available: available > 0 && available < total, balance: available, totalAmount: total };
}
