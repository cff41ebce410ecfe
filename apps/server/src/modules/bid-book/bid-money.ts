import type { Db } from '../../platform/db/database';
import { Accounts, resolvePending, transfer } from '../ledger/ledger';

/**
 * A bid's money in the ledger (docs/decisions/0025-bid-book.md). Posting it holds unit price ×
 * quantity on the buyer's balance: a pending transfer to the escrow, `bid:<id>:hold:0`. A pending
 * transfer is resolved whole, so each fill voids the current hold, posts the fill's amount to the
 * escrow (the broker order's money from then on) and holds what is left under the next number; the
 * end of the bid (cancelled, expired) voids the last hold. So reserved = filled + released, exactly.
 */
const holdKey = (bidId: number, seq: number) => `bid:${bidId}:hold:${seq}`;

/** The hold of a new bid; fails with the ledger's INSUFFICIENT_FUNDS when the balance falls short. */
export async function holdBidMoney(trx: Db, bid: { id: number; buyerUserId: number; amount: number }) {
  await transfer(trx, {
    key: holdKey(bid.id, 0),
    debit: Accounts.userAvailable(bid.buyerUserId),
    credit: Accounts.escrow,
    amount: bid.amount,
    code: 'bid_hold',
    pending: { timeoutAt: null },
    note: `coin bid ${bid.id}`,
  });
}

/** A fill: the hold `seq - 1` becomes the fill's payment `amount` and a hold of `left` (none at 0). */
export async function payBidFill(
  trx: Db,
  fill: { bidId: number; buyerUserId: number; seq: number; amount: number; left: number },
) {
  await resolvePending(trx, {
    key: `${holdKey(fill.bidId, fill.seq - 1)}:void`,
    pendingKey: holdKey(fill.bidId, fill.seq - 1),
    action: 'void',
    note: `coin bid ${fill.bidId} fill ${fill.seq}`,
  });
  await transfer(trx, {
    key: `bid:${fill.bidId}:fill:${fill.seq}`,
    debit: Accounts.userAvailable(fill.buyerUserId),
    credit: Accounts.escrow,
    amount: fill.amount,
    code: 'bid_fill',
    note: `coin bid ${fill.bidId} fill ${fill.seq}`,
  });
  if (fill.left > 0)
    await transfer(trx, {
      key: holdKey(fill.bidId, fill.seq),
      debit: Accounts.userAvailable(fill.buyerUserId),
      credit: Accounts.escrow,
      amount: fill.left,
      code: 'bid_hold',
      pending: { timeoutAt: null },
      note: `coin bid ${fill.bidId}`,
    });
}

/** The bid ended with money left (cancelled, expired): its last hold is voided. */
export async function releaseBidMoney(trx: Db, bid: { id: number; holdSeq: number }) {
  await resolvePending(trx, {
    key: `${holdKey(bid.id, bid.holdSeq)}:void`,
    pendingKey: holdKey(bid.id, bid.holdSeq),
    action: 'void',
    note: `coin bid ${bid.id} released`,
  });
}

/**
 * A bid waiting for its money (4 待付款): what the balance has is held meanwhile (`bid:<id>:part`),
 * so it cannot go elsewhere before the rest is paid at the cashier.
 */
const partKey = (bidId: number) => `bid:${bidId}:part`;

export async function holdBidPart(trx: Db, bid: { id: number; buyerUserId: number; amount: number }) {
  await transfer(trx, {
    key: partKey(bid.id),
    debit: Accounts.userAvailable(bid.buyerUserId),
    credit: Accounts.escrow,
    amount: bid.amount,
    code: 'bid_hold',
    pending: { timeoutAt: null },
    note: `coin bid ${bid.id} part`,
  });
}

/** The waiting bid's part goes back to the balance (paid in full now, or the bid closed unpaid). */
export async function releaseBidPart(trx: Db, bidId: number, part: number) {
  if (part <= 0) return;
  await resolvePending(trx, {
    key: `${partKey(bidId)}:void`,
    pendingKey: partKey(bidId),
    action: 'void',
    note: `coin bid ${bidId} part released`,
  });
}
