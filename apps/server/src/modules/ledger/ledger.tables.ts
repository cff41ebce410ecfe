import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface LedgerAccountsTable {
  id: Generated<number>;
  code: string;
  kind: string;
  user_id: number | null;
  no_overdraft: Generated<boolean>;
  debits_posted: Generated<number>;
  credits_posted: Generated<number>;
  debits_pending: Generated<number>;
  credits_pending: Generated<number>;
  created_at: CreatedAt;
}

export type TransferState = 'posted' | 'pending' | 'posted_pending' | 'voided' | 'expired' | 'post' | 'void';

export interface LedgerTransfersTable {
  id: Generated<number>;
  key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  code: string;
  state: TransferState;
  pending_id: number | null;
  timeout_at: Date | null;
  /** When a pending credit is expected to post (待入账's settle day); informs, never acts. */
  due_at: Generated<Date | null>;
  order_id: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

/** The tables the ledger module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
}

/** A handle or transaction that sees only these tables. */
export type LedgerDb = Kysely<LedgerTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const ledgerDb = (db: DbHandle): LedgerDb => db as LedgerDb;
