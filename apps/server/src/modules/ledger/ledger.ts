import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { type LedgerDb, type LedgerTransfersTable, ledgerDb } from './ledger.tables';

/**
 * The ledger (docs/decisions/0009-ledger.md): every movement of money is one transfer between two
 * accounts in integer fen, so the books balance by construction. A pending transfer reserves its
 * amount (TigerBeetle's two-phase transfer) and is resolved once: posted, voided, or expired.
 * Every call is idempotent by its key.
 */
// Inside a transfer: the caller's transaction (or a new one), narrowed to the ledger's tables.
type Trx = LedgerDb;
export type Transfer = Selectable<LedgerTransfersTable>;

export interface AccountRef {
  code: string;
  kind: string;
  userId?: number;
  /** Debits (posted and pending) may never exceed posted credits: user money cannot go negative. */
  noOverdraft?: boolean;
}

/** The accounts of the marketplace. Gateways and payout providers are outside money: they may go below zero. */
export const Accounts = {
  userAvailable: (userId: number): AccountRef => ({
    code: `user:${userId}:available`,
    kind: 'user_available',
    userId,
    noOverdraft: true,
  }),
  escrow: { code: 'platform:escrow', kind: 'escrow', noOverdraft: true } as AccountRef,
  fees: { code: 'platform:fees', kind: 'revenue' } as AccountRef,
  subsidies: { code: 'platform:subsidies', kind: 'expense' } as AccountRef,
  /** Payments that landed for a closed account: owed back to the payer through their channel. */
  refundsOwed: { code: 'platform:refunds_owed', kind: 'liability' } as AccountRef,
  /** Refunds on their way back through a gateway (原路退回): equals the sum of open refunds. */
  refundsInTransit: { code: 'platform:refunds_in_transit', kind: 'liability' } as AccountRef,
  gateway: (name: string): AccountRef => ({ code: `gateway:${name}`, kind: 'gateway' }),
  payout: (name: string): AccountRef => ({ code: `payout:${name}`, kind: 'payout' }),
};

export class LedgerError extends Error {
  constructor(
    readonly reason: 'INSUFFICIENT_FUNDS' | 'KEY_REUSED' | 'NOT_PENDING' | 'NOT_FOUND' | 'SAME_ACCOUNT',
    message: string,
  ) {
    super(message);
  }
}

/** Runs in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: Db, run: (trx: Trx) => Promise<T>): Promise<T> {
  const own = ledgerDb(db);
  return own.isTransaction ? run(own) : own.transaction().execute(run);
}

export async function ensureAccount(trx: Trx, ref: AccountRef): Promise<number> {
  const found = await trx.selectFrom('ledger_accounts').select('id').where('code', '=', ref.code).executeTakeFirst();
  if (found) return found.id;
  await trx
    .insertInto('ledger_accounts')
    .values({ code: ref.code, kind: ref.kind, user_id: ref.userId ?? null, no_overdraft: ref.noOverdraft ?? false })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return (await trx.selectFrom('ledger_accounts').select('id').where('code', '=', ref.code).executeTakeFirstOrThrow())
    .id;
}

/** Locks both accounts in id order (no deadlock between two transfers in opposite directions). */
async function lock(trx: Trx, ids: number[]) {
  const rows = await trx
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

async function byKey(trx: Trx, key: string): Promise<Transfer | undefined> {
  return trx.selectFrom('ledger_transfers').selectAll().where('key', '=', key).executeTakeFirst();
}

export interface TransferInput {
  key: string;
  debit: AccountRef;
  credit: AccountRef;
  amount: number;
  code: string;
  /** Reserve instead of posting; expires (voided) at timeoutAt when given; dueAt tells the user when it should post. */
  pending?: { timeoutAt: Date | null; dueAt?: Date };
  orderId?: number;
  note?: string;
}

/** One transfer; the same key again answers the first transfer (and refuses different contents). */
export function transfer(db: Db, input: TransferInput): Promise<Transfer> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`bad amount ${input.amount}`);
  return inTransaction(db, async (trx) => {
    const debitId = await ensureAccount(trx, input.debit);
    const creditId = await ensureAccount(trx, input.credit);
    if (debitId === creditId) throw new LedgerError('SAME_ACCOUNT', '转出与转入账户相同');
    const accounts = await lock(trx, [debitId, creditId]);
    const existing = await byKey(trx, input.key);
    if (existing) {
      const same =
        existing.debit_account_id === debitId &&
        existing.credit_account_id === creditId &&
        Number(existing.amount) === input.amount &&
        existing.code === input.code;
      if (!same) throw new LedgerError('KEY_REUSED', `ledger key ${input.key} reused with other contents`);
      return existing;
    }
    const debit = accounts.get(debitId);
    if (
      debit?.no_overdraft &&
      Number(debit.debits_posted) + Number(debit.debits_pending) + input.amount > Number(debit.credits_posted)
    )
      throw new LedgerError('INSUFFICIENT_FUNDS', '余额不足');
    const pending = input.pending !== undefined;
    const row = await trx
      .insertInto('ledger_transfers')
      .values({
        key: input.key,
        debit_account_id: debitId,
        credit_account_id: creditId,
        amount: input.amount,
        code: input.code,
        state: pending ? 'pending' : 'posted',
        timeout_at: input.pending?.timeoutAt ?? null,
        due_at: input.pending?.dueAt ?? null,
        order_id: input.orderId ?? null,
        note: input.note ?? '',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const column = pending ? 'pending' : 'posted';
    await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ [`debits_${column}`]: eb(`debits_${column}`, '+', input.amount) }))
      .where('id', '=', debitId)
      .execute();
    await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ [`credits_${column}`]: eb(`credits_${column}`, '+', input.amount) }))
      .where('id', '=', creditId)
      .execute();
    return row;
  });
}

/**
 * Resolves a pending transfer once: post moves its amount to posted, void (or expiry) releases it.
 * The same key again answers the first resolution; a pending transfer resolved under another key
 * answers NOT_PENDING.
 */
export function resolvePending(
  db: Db,
  input: { key: string; pendingKey: string; action: 'post' | 'void' | 'expire'; note?: string },
): Promise<Transfer> {
  return inTransaction(db, async (trx) => {
    const pending = await byKey(trx, input.pendingKey);
    if (!pending) throw new LedgerError('NOT_FOUND', `no transfer ${input.pendingKey}`);
    await lock(trx, [pending.debit_account_id, pending.credit_account_id]);
    const existing = await byKey(trx, input.key);
    if (existing) {
      const resolver = input.action === 'post' ? 'post' : 'void';
      if (existing.pending_id !== pending.id || existing.state !== resolver)
        throw new LedgerError('KEY_REUSED', `ledger key ${input.key} reused with other contents`);
      return existing;
    }
    const state = input.action === 'post' ? 'posted_pending' : input.action === 'void' ? 'voided' : 'expired';
    const moved = await trx
      .updateTable('ledger_transfers')
      .set({ state })
      .where('id', '=', pending.id)
      .where('state', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new LedgerError('NOT_PENDING', `transfer ${input.pendingKey} is ${pending.state}`);
    const amount = Number(pending.amount);
    const post = input.action === 'post';
    await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({
        debits_pending: eb('debits_pending', '-', amount),
        ...(post ? { debits_posted: eb('debits_posted', '+', amount) } : {}),
      }))
      .where('id', '=', pending.debit_account_id)
      .execute();
    await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({
        credits_pending: eb('credits_pending', '-', amount),
        ...(post ? { credits_posted: eb('credits_posted', '+', amount) } : {}),
      }))
      .where('id', '=', pending.credit_account_id)
      .execute();
    return trx
      .insertInto('ledger_transfers')
      .values({
        key: input.key,
        debit_account_id: pending.debit_account_id,
        credit_account_id: pending.credit_account_id,
        amount,
        code: pending.code,
        state: post ? 'post' : 'void',
        pending_id: pending.id,
        order_id: pending.order_id,
        note: input.note ?? input.action,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Voids every pending transfer past its timeout, each once (the sweeper). */
export async function expirePending(db: Db, now = new Date()): Promise<number> {
  const due = await ledgerDb(db)
    .selectFrom('ledger_transfers')
    .select('key')
    .where('state', '=', 'pending')
    .where('timeout_at', '<=', now)
    .limit(500)
    .execute();
  let expired = 0;
  for (const { key } of due) {
    try {
      await resolvePending(db, { key: `${key}:expire`, pendingKey: key, action: 'expire' });
      expired++;
    } catch (error) {
      if (!(error instanceof LedgerError && error.reason === 'NOT_PENDING')) throw error;
    }
  }
  return expired;
}

export interface Balance {
  /** Posted credits minus posted debits. */
  posted: number;
  /** Reserved out of it (pending debits). */
  reserved: number;
  /** Coming in (pending credits). */
  incoming: number;
  /** What may be spent: posted minus reserved. */
  available: number;
}

export async function balanceOf(db: Db, ref: AccountRef | string): Promise<Balance> {
  const code = typeof ref === 'string' ? ref : ref.code;
  const row = await ledgerDb(db).selectFrom('ledger_accounts').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return { posted: 0, reserved: 0, incoming: 0, available: 0 };
  const posted = Number(row.credits_posted) - Number(row.debits_posted);
  return {
    posted,
    reserved: Number(row.debits_pending),
    incoming: Number(row.credits_pending),
    available: posted - Number(row.debits_pending),
  };
}

/**
 * A user's money: available (may be withdrawn), reserved (withdrawals in review, balance holds of
 * unpaid orders) and incoming (sales waiting for settlement).
 */
export function userBalances(db: Db, userId: number): Promise<Balance> {
  return balanceOf(db, Accounts.userAvailable(userId));
}

/** Releases every balance reservation still held for an order (the order ended unpaid). */
export async function releaseOrderHolds(db: Db, orderId: number): Promise<number> {
  const holds = await ledgerDb(db)
    .selectFrom('ledger_transfers')
    .select('key')
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .where('code', '=', 'balance_hold')
    .execute();
  for (const { key } of holds) await resolvePending(db, { key: `${key}:void`, pendingKey: key, action: 'void' });
  return holds.length;
}

/** The state of the transfer of a key (a payment's balance hold: still pending, or resolved), undefined when none was made. */
export async function transferState(db: Db, key: string): Promise<Transfer['state'] | undefined> {
  const row = await ledgerDb(db)
    .selectFrom('ledger_transfers')
    .select('state')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.state;
}
