import { bidBizNo, bidIdOfBizNo } from '@app/protocol/calls/bid-book';
import type { PayableView } from '@app/protocol/calls/pay';
import { ErrorCode } from '@app/protocol/errors';
import { formatCount, formatPriceFen } from '@app/protocol/format';
import { CoinBidStatus } from '@app/protocol/statuses/coin-bid-status';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { LedgerError } from '../ledger/ledger';
import type { Payable } from '../payments/payable';
import { viewerCoinBid } from './bid-book.service';
import { bidBookDb } from './bid-book.tables';
import { holdBidMoney, releaseBidPart } from './bid-money';
import { moveCoinBid } from './bid-moves';

const B = CoinBidStatus;

/** A bid's missing money as its cashier shows it: the whole bid, what the balance holds already. */
async function describeBid(db: DbHandle, userId: number, ref: number): Promise<PayableView> {
  const b = await viewerCoinBid(db, userId, String(ref));
  const amount = b.funding?.amount ?? 0;
  return {
    bizNo: bidBizNo(b.bidId),
    purpose: 'bid',
    open: b.status === B.AWAITING_FUNDS && b.funding !== null,
    title: '支付求购差额',
    heading: '应付差额',
    amount,
    payBy: b.funding?.payBy ?? null,
    deadlineNote: '超时求购将自动关闭',
    expiredNote: '支付已超时，求购将关闭，请重新挂单',
    goods: {
      title: `求购 ${formatCount(b.quantity)}${b.goldName} · ${formatPriceFen(b.unitPrice)}/万`,
      subtitle: `${b.serverName} · 收货角色 ${b.deliverTo.roleName}`,
      image: null,
    },
    lines: [
      { key: 'reserved', label: '求购总额', amount: b.reservedAmount },
      { key: 'held', label: '余额已冻结', amount: -(b.reservedAmount - amount) },
    ],
    totalLabel: '应付',
    note: '支付后款项进入余额并与已冻结部分一起冻结，求购即生效；成交时支付给卖家，撤销或过期退回余额。',
    // The page the buyer posted it from (remembered by the web), else the channel's list.
    next: { page: 'brokerList', id: b.applicationId },
    paidToast: '支付成功，求购已挂出',
    coupon: null,
  };
}

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
  describe: describeBid,
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
