import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { LedgerError, resolvePending } from '../ledger/ledger';
import type { Owed, Payable } from './payable';
import { paymentsDb } from './payments.tables';

/** A trade number of a payable: its purpose's prefix, its ref, the time and some randomness. */
export const newTradeNo = (payable: Payable, owed: Owed) =>
  `${payable.tradePrefix}${owed.ref}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A balance that falls short answers 余额不足. */
export function shortBalance(e: unknown): never {
  if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
    throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
  throw e;
}

/**
 * The balance part a payment reserved (`hold:<tradeNo>`) given back; a hold already resolved (the
 * payment paid, or released by an earlier path) is left as it is.
 */
export async function releaseBalanceHold(trx: Db, tradeNo: string): Promise<void> {
  await resolvePending(trx, { key: `hold:${tradeNo}:void`, pendingKey: `hold:${tradeNo}`, action: 'void' }).catch(
    (e: unknown) => {
      if (!(e instanceof LedgerError && e.reason === 'NOT_PENDING')) throw e;
    },
  );
}

/**
 * A payable ended unpaid (a broker order's timeout or cancel, a bid closed waiting for its money):
 * the balance parts its started payments reserved are freed. A third-party payment arriving later
 * is refunded to the balance (applyNotice). Handed to the purpose module at composition.
 */
export async function releasePayableHolds(trx: Db, purpose: string, ref: number): Promise<void> {
  const open = await paymentsDb(trx)
    .selectFrom('payments')
    .select(['trade_no', 'balance_fen'])
    .where('purpose', '=', purpose)
    .where('ref', '=', ref)
    .where('status', '=', 'created')
    .execute();
  for (const p of open) if (Number(p.balance_fen) > 0) await releaseBalanceHold(trx, p.trade_no);
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
