import { createHash } from 'node:crypto';
import { type RefundLine, refundLineText, refundWayOf } from '@app/protocol/refunds';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { type AccountRef, Accounts, balanceOf, transfer } from '../ledger/ledger';
import { lockAccountOpen } from '../user/user.service';
import type { PayGateway, RefundOutcome } from './pay-gateway';
import { paymentsDb, type RefundsTable } from './payments.tables';
import type { OriginRefundPlan, OriginRefundRequest, OriginRefunds } from './refund-port';
import { canRefundMove, OPEN_REFUND_STATUSES, type RefundStatus, SENT_REFUND_STATUSES } from './refund-status';

type Row = Selectable<RefundsTable>;

export interface RefundDeps {
  db: Db;
  /** The gateway of a payment row's provider ('sandbox', 'alipay', 'wechat'); undefined for one not configured. */
  gatewayOf: (provider: string) => PayGateway | undefined;
  now?: () => number;
  /** Tells the payer his refund came back to the balance (after the commit; never throws). */
  returned?: (userId: number, amountFen: number) => Promise<void>;
  log?: { warn: (o: object, msg: string) => void };
}

/** A refund handed over this long ago without an answer, or left processing or unknown, is asked about. */
export const REFUND_ANSWER_WAIT_MS = 60_000;

const RETURNED_NOTE = '款项原路退回失败，已退回余额';

/** Our refund number of one request and one trade: the same on every retry (gateways refund one number once). */
export const refundNumberOf = (key: string, tradeNo: string) =>
  `RF${createHash('sha256').update(`${key}|${tradeNo}`).digest('hex').slice(0, 30)}`;

/**
 * 原路退回, inside the purpose's transaction: the paid gateway payments of (purpose, ref) give their
 * part back through their gateway (escrow or balance → platform:refunds_in_transit, one refund row
 * each, `requested`); what no gateway paid (a balance part, a deposit applied) goes to the balance
 * under the request's own key, as before. A repeat of the key finds its rows and moves nothing.
 */
export async function refundToOrigin(
  trx: DbHandle,
  req: OriginRefundRequest,
  /** Only this payment (a late payment refunded while another one paid the purpose). */
  onlyTradeNo?: string,
): Promise<OriginRefundPlan> {
  const db = paymentsDb(trx);
  if (!Number.isSafeInteger(req.amountFen) || req.amountFen <= 0) throw new Error(`bad refund amount ${req.amountFen}`);
  const done = await db.selectFrom('refunds').selectAll().where('request_key', '=', req.key).execute();
  if (done.length > 0) {
    const toOriginFen = done.reduce((sum, r) => sum + Number(r.amount_fen), 0);
    return { refundNos: [], toOriginFen, toBalanceFen: req.amountFen - toOriginFen };
  }
  // The purpose's payments locked: two refunds of one order cannot both count the same money.
  const paid = await db
    .selectFrom('payments')
    .selectAll()
    .where('purpose', '=', req.purpose)
    .where('ref', '=', req.ref)
    .where('status', '=', 'paid')
    .where('user_id', '=', req.userId)
    .where('third_fen', '>', 0)
    .$if(onlyTradeNo !== undefined, (q) => q.where('trade_no', '=', onlyTradeNo as string))
    .orderBy('id')
    .forUpdate()
    .execute();
  const from = req.from === 'balance' ? Accounts.userAvailable(req.userId) : Accounts.escrow;
  const link = req.orderId ? { orderId: req.orderId } : {};
  let left = req.amountFen;
  const refundNos: string[] = [];
  for (const payment of paid) {
    if (left === 0) break;
    const before = await db
      .selectFrom('refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    const amount = Math.min(left, Number(payment.third_fen) - Number(before.fen));
    if (amount <= 0) continue;
    const refundNo = await openRefund(trx, req, payment, amount, { from, code: 'refund_in_transit' });
    refundNos.push(refundNo);
    left -= amount;
  }
  // From the balance, what no gateway paid simply stays there (a deposit released).
  if (left > 0 && req.from !== 'balance')
    await transfer(trx as Db, {
      key: req.key,
      debit: from,
      credit: Accounts.userAvailable(req.userId),
      amount: left,
      code: req.code ?? 'refund',
      ...link,
      ...(req.note ? { note: req.note } : {}),
    });
  return { refundNos, toOriginFen: req.amountFen - left, toBalanceFen: left };
}

/**
 * One refund row of one payment (`requested`), its money moved from `from` into
 * platform:refunds_in_transit in the same transaction. Answers its refund number.
 */
export async function openRefund(
  trx: DbHandle,
  req: Pick<OriginRefundRequest, 'key' | 'purpose' | 'ref' | 'userId' | 'orderId' | 'reason'>,
  payment: { id: number; trade_no: string; provider: string; channel: number; third_fen: number },
  amount: number,
  money: { from: AccountRef; code: string },
): Promise<string> {
  const refundNo = refundNumberOf(req.key, payment.trade_no);
  await paymentsDb(trx)
    .insertInto('refunds')
    .values({
      refund_no: refundNo,
      request_key: req.key,
      purpose: req.purpose,
      ref: req.ref,
      user_id: req.userId,
      order_id: req.orderId ?? null,
      payment_id: payment.id,
      trade_no: payment.trade_no,
      provider: payment.provider,
      channel: payment.channel,
      amount_fen: amount,
      total_fen: Number(payment.third_fen),
      reason: req.reason.slice(0, 80),
      note: '款项原路退回中',
    })
    .execute();
  await transfer(trx as Db, {
    key: `origin:${refundNo}`,
    debit: money.from,
    credit: Accounts.refundsInTransit,
    amount,
    code: money.code,
    ...(req.orderId ? { orderId: req.orderId } : {}),
    note: refundNo,
  });
  return refundNo;
}

const gatewayInput = (row: Row) => ({
  tradeNo: row.trade_no,
  refundNo: row.refund_no,
  amountFen: Number(row.amount_fen),
  totalFen: Number(row.total_fen),
  reason: row.reason || '退款',
});

/**
 * Applies what the gateway said of one refund, once: the row locked, moved only along its
 * transition table, its money out of platform:refunds_in_transit to the gateway (succeeded) or to
 * the payer's balance (refused; a closed account's to platform:refunds_owed, for staff). Answers
 * the status it ended in (a later answer of a settled refund changes nothing).
 */
export async function settleRefund(
  deps: RefundDeps,
  refundNo: string,
  outcome: RefundOutcome,
): Promise<RefundStatus | null> {
  const now = new Date((deps.now ?? Date.now)());
  let told: { userId: number; amount: number } | null = null;
  const status = await deps.db.transaction().execute(async (trx) => {
    const row = await paymentsDb(trx)
      .selectFrom('refunds')
      .selectAll()
      .where('refund_no', '=', refundNo)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const to: RefundStatus =
      outcome.state === 'succeeded' ? 'succeeded' : outcome.state === 'refused' ? 'returned' : outcome.state;
    if (to === row.status) {
      await paymentsDb(trx).updateTable('refunds').set({ updated_at: now }).where('id', '=', row.id).execute();
      return row.status;
    }
    if (!canRefundMove(row.status, to)) return row.status;
    const amount = Number(row.amount_fen);
    const link = row.order_id ? { orderId: row.order_id } : {};
    let note = row.note;
    if (to === 'succeeded') {
      await transfer(trx, {
        key: `origin-out:${row.refund_no}`,
        debit: Accounts.refundsInTransit,
        credit: Accounts.gateway(row.provider),
        amount,
        code: 'refund_to_origin',
        ...link,
        note: row.refund_no,
      });
      note = '已原路退回';
    } else if (to === 'returned') {
      const reason = outcome.state === 'refused' ? outcome.reason : '';
      const open = await lockAccountOpen(trx, row.user_id);
      await transfer(trx, {
        key: `origin-back:${row.refund_no}`,
        debit: Accounts.refundsInTransit,
        credit: open ? Accounts.userAvailable(row.user_id) : Accounts.refundsOwed,
        amount,
        code: open ? 'refund_fallback' : 'refund_owed',
        ...link,
        note: row.refund_no,
      });
      note = open ? `${RETURNED_NOTE}（${reason}）` : `账号已注销，原路退回失败（${reason}），待人工退款`;
      if (open) told = { userId: row.user_id, amount };
    } else if (outcome.state === 'unknown') note = `退款结果待确认（${outcome.reason}）`;
    const providerRefundNo =
      outcome.state === 'succeeded' || outcome.state === 'processing' ? outcome.providerRefundNo : null;
    await paymentsDb(trx)
      .updateTable('refunds')
      .set({
        status: to,
        note,
        updated_at: now,
        ...(providerRefundNo ? { provider_refund_no: providerRefundNo } : {}),
        ...(to === 'succeeded' || to === 'returned' ? { settled_at: now } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    return to;
  });
  const tell = told as { userId: number; amount: number } | null;
  if (tell) await deps.returned?.(tell.userId, tell.amount);
  return status;
}

/** Sends one claimed refund (`sending`) to its gateway and applies the answer. */
async function sendClaimed(deps: RefundDeps, row: Row): Promise<RefundStatus | null> {
  const gateway = deps.gatewayOf(row.provider);
  // A gateway no longer configured cannot take it: it waits (unknown) for the operator, never lost.
  if (!gateway) return settleRefund(deps, row.refund_no, { state: 'unknown', reason: `no ${row.provider} gateway` });
  let outcome: RefundOutcome;
  try {
    outcome = await gateway.refund(gatewayInput(row));
  } catch (error) {
    outcome = { state: 'unknown', reason: error instanceof Error ? error.message.slice(0, 80) : 'error' };
  }
  return settleRefund(deps, row.refund_no, outcome);
}

/** Claims a requested refund once (requested → sending, marked sent before the call) and sends it. */
async function claimAndSend(deps: RefundDeps, refundNo: string, now: Date): Promise<RefundStatus | null> {
  const claimed = await paymentsDb(deps.db)
    .updateTable('refunds')
    .set({ status: 'sending', sent_at: now, updated_at: now })
    .where('refund_no', '=', refundNo)
    .where('status', '=', 'requested')
    .returningAll()
    .executeTakeFirst();
  return claimed ? sendClaimed(deps, claimed) : null;
}

/**
 * Settles a sent refund by asking its gateway about its number. A number the gateway holds no
 * refund of (the request never arrived) is sent again with the same number: it refunds once.
 */
export async function settleRefundByQuery(deps: RefundDeps, row: Row): Promise<RefundStatus | null> {
  const gateway = deps.gatewayOf(row.provider);
  if (!gateway) return row.status;
  let found: Awaited<ReturnType<PayGateway['queryRefund']>>;
  try {
    found = await gateway.queryRefund({ tradeNo: row.trade_no, refundNo: row.refund_no });
  } catch (error) {
    found = { state: 'unknown', reason: error instanceof Error ? error.message.slice(0, 80) : 'error' };
  }
  if (found.state !== 'absent') return settleRefund(deps, row.refund_no, found);
  return sendClaimed(deps, row);
}

/**
 * The refunds sweep (registered like the withdrawal sweep): sends every requested refund a crash
 * left unsent, then asks the gateway about every refund sent without an answer for a minute,
 * processing or unknown. Answers how many ended (succeeded or returned).
 */
export async function sweepRefunds(deps: RefundDeps, now = (deps.now ?? Date.now)()): Promise<number> {
  const db = paymentsDb(deps.db);
  let ended = 0;
  const requested = await db
    .selectFrom('refunds')
    .select('refund_no')
    .where('status', '=', 'requested')
    .orderBy('id')
    .limit(50)
    .execute();
  for (const { refund_no } of requested) {
    const status = await claimAndSend(deps, refund_no, new Date(now));
    if (status === 'succeeded' || status === 'returned') ended++;
  }
  const sent = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', 'in', SENT_REFUND_STATUSES)
    .where('updated_at', '<=', new Date(now - REFUND_ANSWER_WAIT_MS))
    .orderBy('id')
    .limit(50)
    .execute();
  for (const row of sent) {
    const status = await settleRefundByQuery(deps, row);
    if (status === 'succeeded' || status === 'returned') ended++;
  }
  return ended;
}

/** The implementation the payments module provides into the RefundPort at composition. */
export function originRefunds(deps: RefundDeps): OriginRefunds {
  const self: OriginRefunds = {
    toOrigin: refundToOrigin,
    linesOf: refundLinesOf,
    async sendOf(purpose, ref) {
      const waiting = await paymentsDb(deps.db)
        .selectFrom('refunds')
        .select('refund_no')
        .where('purpose', '=', purpose)
        .where('ref', '=', ref)
        .where('status', '=', 'requested')
        .execute();
      await self.send(waiting.map((r) => r.refund_no));
    },
    async send(refundNos) {
      for (const refundNo of refundNos) {
        try {
          await claimAndSend(deps, refundNo, new Date((deps.now ?? Date.now)()));
        } catch (error) {
          // Left requested or sending: the sweep sends or asks about it.
          deps.log?.warn({ err: error, refundNo }, 'refund not sent; the sweep retries');
        }
      }
    },
  };
  return self;
}

/** One refund row as the buyer reads it (in transit, back at his account, or on his balance). */
export function refundLineOf(
  r: Pick<Row, 'channel' | 'amount_fen' | 'status' | 'note' | 'created_at' | 'settled_at'>,
): RefundLine {
  const way = refundWayOf(r.channel);
  const state = r.status === 'succeeded' ? 'returned' : r.status === 'returned' ? 'balance' : 'in_transit';
  return {
    amount: Number(r.amount_fen),
    way: state === 'balance' ? '余额' : way,
    state,
    text: refundLineText(way, state, r.note),
    createdAt: r.created_at.getTime(),
    settledAt: r.settled_at?.getTime() ?? null,
  };
}

/** What the buyer reads of the refunds of one purpose's ref (an order's detail, a broker order's). */
export async function refundLinesOf(
  db: DbHandle,
  purpose: string,
  ref: number,
  refunded: { amountFen: number; at: Date } | null,
): Promise<RefundLine[]> {
  const rows = await paymentsDb(db)
    .selectFrom('refunds')
    .select(['channel', 'amount_fen', 'status', 'note', 'created_at', 'settled_at'])
    .where('purpose', '=', purpose)
    .where('ref', '=', ref)
    .orderBy('id')
    .execute();
  const lines: RefundLine[] = rows.map(refundLineOf);
  const rest = (refunded?.amountFen ?? 0) - rows.reduce((n, r) => n + Number(r.amount_fen), 0);
  if (refunded && rest > 0)
    lines.push({
      amount: rest,
      way: '余额',
      state: 'balance',
      text: refundLineText('余额', 'balance'),
      createdAt: refunded.at.getTime(),
      settledAt: refunded.at.getTime(),
    });
  return lines;
}

/**
 * `ledger:check`'s part of the refunds: platform:refunds_in_transit holds exactly the open refunds'
 * money, and every ended refund's money left it (to its gateway, or back to a balance).
 */
export async function checkRefundsInTransit(db: Db): Promise<string[]> {
  const row = await paymentsDb(db)
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
    .where('status', 'in', OPEN_REFUND_STATUSES)
    .executeTakeFirstOrThrow();
  const open = Number(row.fen);
  const { posted } = await balanceOf(db, Accounts.refundsInTransit);
  return posted === open
    ? []
    : [`${Accounts.refundsInTransit.code}: holds ${posted} fen but the open refunds are ${open} fen`];
}
