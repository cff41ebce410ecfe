import { ErrorCode } from '@app/protocol/errors';
import { forfeitSplit } from '@app/protocol/sell-rules';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { AppError } from '../../platform/errors';
import { Accounts, LedgerError, resolvePending, transfer } from '../ledger/ledger';
import { sellSetup } from '../market/sell-setup';
import type { OriginRefunds } from '../payments/refund-port';
import { type DepositPurpose, type DepositState, type DepositsTable, depositsDb } from './deposits.tables';

/**
 * 保证金 (docs/decisions/0021-deposits.md). A deposit is paid like an order (balance, a gateway,
 * or both) into the buyer's balance, and held there as a pending transfer to the escrow
 * (`deposit:<id>`), so it is out of reach but still his. It is resolved exactly once:
 * - returned: the hold is voided, the money is free on his balance again;
 * - applied: the order it secured is paid, the hold is posted into the escrow as part of the price;
 * - forfeited: the buyer defaulted, the hold is posted and split between the seller's compensation
 *   and the platform (the game's depositSellerPercent).
 * An unpaid deposit lapses when its proposal ends first. Every move is one guarded update of the
 * deposit's status in the caller's transaction, beside its ledger transfer.
 */
export type DepositRow = Selectable<DepositsTable>;

/** An unpaid deposit waits this long for its payment (the proposal then closes, 55): the protocol's. */
export { DEPOSIT_PAY_MINUTES } from '@app/protocol/calls/deposit';
export type { DepositPurpose };

export const depositBizNo = (id: number) => `D${id}`;
/** The deposit id of a cashier's bizNo ('D123'), or null for an order's. */
export const depositIdOfBizNo = (bizNo: string): number | null =>
  /^D\d{1,12}$/.test(bizNo) ? Number(bizNo.slice(1)) : null;

const holdKey = (id: number) => `deposit:${id}`;

/**
 * What a purpose answers when its deposit has been paid, in the payment's transaction: keep it
 * (the proposal goes on) or not (it ended meanwhile, or is refused at once: the money stays on the
 * buyer's balance); and what to tell people once it committed.
 */
export type DepositKeeper = (
  trx: DbHandle,
  deposit: DepositRow,
) => Promise<{ keep: boolean; afterCommit?: () => Promise<void> }>;

/** The keepers of each purpose (the bargain and auction modules register theirs at start). */
export class DepositKeepers {
  private readonly keepers = new Map<DepositPurpose, DepositKeeper>();
  register(purpose: DepositPurpose, keeper: DepositKeeper): void {
    this.keepers.set(purpose, keeper);
  }
  of(purpose: DepositPurpose): DepositKeeper {
    const keeper = this.keepers.get(purpose);
    if (!keeper) throw new Error(`no deposit keeper for ${purpose}`);
    return keeper;
  }
}

export interface NewDeposit {
  userId: number;
  sellerUserId: number;
  applicationId: string;
  purpose: DepositPurpose;
  refId: number;
  commodityId: number;
  title: string;
  amountFen: number;
  payBy: Date;
}

/** A deposit to pay (unpaid); the same purpose, ref and user again answers the one there is. */
export async function createDeposit(trx: DbHandle, input: NewDeposit): Promise<DepositRow> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new Error(`bad deposit ${input.amountFen}`);
  const inserted = await depositsDb(trx)
    .insertInto('deposits')
    .values({
      user_id: input.userId,
      seller_user_id: input.sellerUserId,
      application_id: input.applicationId,
      purpose: input.purpose,
      ref_id: input.refId,
      commodity_id: input.commodityId,
      title: input.title,
      amount_fen: input.amountFen,
      pay_by: input.payBy,
    })
    .onConflict((oc) => oc.columns(['purpose', 'ref_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  return depositsDb(trx)
    .selectFrom('deposits')
    .selectAll()
    .where('purpose', '=', input.purpose)
    .where('ref_id', '=', input.refId)
    .where('user_id', '=', input.userId)
    .executeTakeFirstOrThrow();
}

export async function depositById(db: DbHandle, id: number): Promise<DepositRow | undefined> {
  return depositsDb(db).selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The deposits of some refs of a purpose, by ref (a user's, when userId is given). */
export async function depositsOf(
  db: DbHandle,
  purpose: DepositPurpose,
  refIds: number[],
  userId?: number,
): Promise<DepositRow[]> {
  if (refIds.length === 0) return [];
  let q = depositsDb(db)
    .selectFrom('deposits')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('ref_id', 'in', refIds);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.execute();
}

/** Locks the deposit's row for the rest of the caller's transaction and answers it. */
export function lockDeposit(trx: DbHandle, id: number): Promise<DepositRow> {
  return depositsDb(trx).selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** One guarded move of a deposit's status; answers the row moved, or undefined when it was not in `from`. */
async function moveDeposit(
  trx: DbHandle,
  id: number,
  from: DepositState,
  to: DepositState,
  set: { paid_at?: Date; resolved_at?: Date; order_id?: number } = {},
): Promise<DepositRow | undefined> {
  return depositsDb(trx)
    .updateTable('deposits')
    .set({ ...set, status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The deposit's amount is on the buyer's balance (paid in through a gateway just now, or there
 * already): hold it, if the deposit still waits and its purpose keeps it. Answers whether it is held;
 * when not, the money simply stays on the balance. INSUFFICIENT_FUNDS is answered as 余额不足.
 */
export async function holdPaidDeposit(
  trx: DbHandle,
  keepers: DepositKeepers,
  id: number,
  now: Date,
): Promise<{ held: boolean; afterCommit?: () => Promise<void> }> {
  const claimed = await moveDeposit(trx, id, 'unpaid', 'held', { paid_at: now });
  if (!claimed) return { held: false };
  await transfer(trx, {
    key: holdKey(id),
    debit: Accounts.userAvailable(claimed.user_id),
    credit: Accounts.escrow,
    amount: Number(claimed.amount_fen),
    code: 'deposit_hold',
    pending: { timeoutAt: null },
    note: `${claimed.purpose}:${claimed.ref_id}`,
  }).catch((e: unknown) => {
    if (e instanceof LedgerError && e.reason === 'INSUFFICIENT_FUNDS')
      throw new AppError(ErrorCode.BAD_PARAMS, '余额不足');
    throw e;
  });
  const answer = await keepers.of(claimed.purpose)(trx, claimed);
  if (!answer.keep) {
    await returnDeposit(trx, id);
    return answer.afterCommit ? { held: false, afterCommit: answer.afterCommit } : { held: false };
  }
  return answer.afterCommit ? { held: true, afterCommit: answer.afterCommit } : { held: true };
}

/** An unpaid deposit whose proposal ended: it can no longer be paid (a late payment stays on the balance). */
export async function lapseDeposit(trx: DbHandle, id: number, now = new Date()): Promise<boolean> {
  return (await moveDeposit(trx, id, 'unpaid', 'lapsed', { resolved_at: now })) !== undefined;
}

/**
 * A held deposit goes back (the hold is voided). With `refunds` (原路退回, decision 0059), what a
 * gateway paid in goes on from the balance back the way it came, in this transaction (the refund is
 * sent after the commit, or by the refunds sweep); what the balance paid stays on the balance.
 * Answers whether this call did it.
 */
export async function returnDeposit(
  trx: DbHandle,
  id: number,
  now = new Date(),
  refunds?: Pick<OriginRefunds, 'toOrigin'>,
): Promise<boolean> {
  const moved = await moveDeposit(trx, id, 'held', 'returned', { resolved_at: now });
  if (!moved) return false;
  await resolvePending(trx, { key: `${holdKey(id)}:void`, pendingKey: holdKey(id), action: 'void' });
  await refunds?.toOrigin(trx, {
    purpose: 'deposit',
    ref: id,
    userId: moved.user_id,
    amountFen: Number(moved.amount_fen),
    key: `deposit-back:${id}`,
    reason: '保证金退还',
    from: 'balance',
  });
  return true;
}

/** Ends the deposit whatever it is: an unpaid one lapses, a held one goes back (its way, with `refunds`). */
export async function releaseDeposit(
  trx: DbHandle,
  id: number,
  now = new Date(),
  refunds?: Pick<OriginRefunds, 'toOrigin'>,
): Promise<void> {
  if (!(await lapseDeposit(trx, id, now))) await returnDeposit(trx, id, now, refunds);
}

/** The held deposit now secures an order (the seller agreed, the auction was won). */
export async function attachDepositToOrder(trx: DbHandle, id: number, orderId: number): Promise<void> {
  const attached = await depositsDb(trx)
    .updateTable('deposits')
    .set({ order_id: orderId })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returning('id')
    .executeTakeFirst();
  if (!attached) throw new AppError(ErrorCode.BAD_PARAMS, '保证金未支付或已退回');
}

const heldOfOrder = (trx: DbHandle, orderId: number) =>
  depositsDb(trx)
    .selectFrom('deposits')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .executeTakeFirst();

/**
 * The order it secured is paid (in the payment's transaction): the hold is posted into the escrow,
 * where it counts as part of the price. Answers the amount applied (0 when the order had none).
 */
export async function applyOrderDeposit(trx: DbHandle, orderId: number, now = new Date()): Promise<number> {
  const row = await heldOfOrder(trx, orderId);
  if (!row || !(await moveDeposit(trx, row.id, 'held', 'applied', { resolved_at: now }))) return 0;
  await resolvePending(trx, { key: `${holdKey(row.id)}:post`, pendingKey: holdKey(row.id), action: 'post' });
  return Number(row.amount_fen);
}

/** How a forfeited deposit is split under its game's rule. */
async function splitOf(db: DbHandle, row: DepositRow) {
  const { rules } = await sellSetup(db, row.application_id);
  return forfeitSplit(Number(row.amount_fen), rules);
}

/** What the seller received of a forfeited deposit (0 for any other). */
export async function sellerCompensation(db: DbHandle, row: DepositRow): Promise<number> {
  return row.status === 'forfeited' ? (await splitOf(db, row)).seller : 0;
}

/**
 * The buyer defaulted: the hold is posted into the escrow and split, the seller's compensation to
 * his balance at once, the rest to the platform (the game's depositSellerPercent). Answers the split.
 */
export async function forfeitDeposit(
  trx: DbHandle,
  id: number,
  now = new Date(),
): Promise<{ seller: number; platform: number } | null> {
  const row = await moveDeposit(trx, id, 'held', 'forfeited', { resolved_at: now });
  if (!row) return null;
  await resolvePending(trx, { key: `${holdKey(id)}:post`, pendingKey: holdKey(id), action: 'post' });
  const split = await splitOf(trx, row);
  const orderId = row.order_id ?? undefined;
  if (split.seller > 0)
    await transfer(trx, {
      key: `${holdKey(id)}:compensation`,
      debit: Accounts.escrow,
      credit: Accounts.userAvailable(row.seller_user_id),
      amount: split.seller,
      code: 'deposit_compensation',
      ...(orderId ? { orderId } : {}),
    });
  if (split.platform > 0)
    await transfer(trx, {
      key: `${holdKey(id)}:forfeit`,
      debit: Accounts.escrow,
      credit: Accounts.fees,
      amount: split.platform,
      code: 'deposit_forfeit',
      ...(orderId ? { orderId } : {}),
    });
  return split;
}

/** The order a deposit secured ended unpaid by the buyer's doing: its deposit is forfeited. */
export async function forfeitOrderDeposit(trx: DbHandle, orderId: number, now = new Date()) {
  const row = await heldOfOrder(trx, orderId);
  return row ? forfeitDeposit(trx, row.id, now) : null;
}

/** Whether the user has a deposit held (his money, out of reach: an account with one cannot be closed). */
export async function hasLiveDeposits(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    depositsDb(db).selectFrom('deposits').select('id').where('user_id', '=', userId).where('status', '=', 'held'),
  );
}
