import { bidIdOfBizNo } from '@app/protocol/calls/bid-book';
import { ErrorCode } from '@app/protocol/errors';
import { CoinBidStatus } from '@app/protocol/statuses/coin-bid-status';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { LedgerError } from '../ledger/ledger';
import type { Payable } from '../payments/payable';
import { bidBookDb } from './bid-book.tables';
import { holdBidMoney, releaseBidPart } from './bid-money';
import { moveCoinBid } from './bid-moves';

const B = CoinBidStatus;

/**
 * A bid waiting for its money (4 待付款, docs/decisions/0025-bid-book.md) as the payments module
 * pays it (purpose 'bid', bizNo 'Q<id>', trade numbers 'Q…'; docs/decisions/0043-payable-purpose.md):
 * it never reads or writes the bid-book tables itself. The missing money lands on the buyer's
 * balance and the whole bid is held from it; a late payment stays on the balance.
 */
export const bidPayable: Payable = {
  purpose: 'bid',
  tradePrefix: 'Q',
  landing: { to: 'balance', code: 'bid_payment', lateNote: '求购已关闭，款项已在余额中' },
  refOf: bidIdOfBizNo,
  owed: coinBidToPay,
  lock: (trx, owed) => lockCoinBidToPay(trx, owed.ref),
  lockRow: lockCoinBidRow,
  paid: async (trx, ref, at) => ({ paid: await fundPaidCoinBid(trx, ref, at.now) }),
  closedMessage: '求购已付款或已关闭',
};

/** The buyer's bid, waiting for its money and in time: what a payment is checked against (the missing money). */
async function coinBidToPay(db: DbHandle, userId: number, id: number, now: number) {
  const bid = await bidBookDb(db)
    .selectFrom('coin_bids')
    .select(['id', 'status', 'fund_fen', 'pay_by', 'gold_name', 'quantity', 'server_name'])
    .where('id', '=', id)
    .where('buyer_user_id', '=', userId)
    .executeTakeFirst();
  if (!bid) throw new AppError(ErrorCode.BAD_PARAMS, '求购单不存在');
  if (bid.status !== B.AWAITING_FUNDS || !bid.pay_by) throw new AppError(ErrorCode.BAD_PARAMS, '求购已付款或已关闭');
  if (bid.pay_by.getTime() <= now) throw new AppError(ErrorCode.BAD_PARAMS, '求购付款已超时，请重新挂单');
  return {
    ref: bid.id,
    total: Number(bid.fund_fen),
    title: `求购 ${bid.server_name} ${bid.gold_name}×${Number(bid.quantity)}`,
  };
}

/** Locks the bid's row for the caller's transaction, whatever its status (a payment arriving locks it first). */
async function lockCoinBidRow(trx: DbHandle, id: number): Promise<void> {
  await bidBookDb(trx).selectFrom('coin_bids').select('id').where('id', '=', id).forUpdate().execute();
}

/** Locks the bid's row for the caller's transaction; refuses one no longer waiting for its money. */
async function lockCoinBidToPay(trx: DbHandle, id: number): Promise<void> {
  const row = await bidBookDb(trx)
    .selectFrom('coin_bids')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.status !== B.AWAITING_FUNDS) throw new AppError(ErrorCode.BAD_PARAMS, '求购已付款或已关闭');
}

/**
 * The missing money is on the buyer's balance now (paid in through a gateway just now, or there
 * already): in the caller's transaction the bid goes live (4 → 0, guarded, not run out), the part
 * held meanwhile is released and the whole amount held as the bid's hold. Answers whether it did;
 * when not (closed, cancelled, run out) the money simply stays on the balance. INSUFFICIENT_FUNDS
 * is answered as 余额不足.
 */
async function fundPaidCoinBid(trx: Db, id: number, now: Date): Promise<boolean> {
  const bid = await bidBookDb(trx)
    .selectFrom('coin_bids')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (bid?.status !== B.AWAITING_FUNDS) return false;
  if (!(await moveCoinBid(trx, id, B.AWAITING_FUNDS, B.OPEN, { pay_by: null }, { openAt: now }))) return false;
  const amount = Number(bid.reserved_fen);
  await releaseBidPart(trx, id, amount - Number(bid.fund_fen));
  await holdBidMoney(trx, { id, buyerUserId: bid.buyer_user_id, amount }).catch((e: unknown) => {
    if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
      throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
    throw e;
  });
  return true;
}
