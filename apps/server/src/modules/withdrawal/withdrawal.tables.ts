import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount_fen: number;
  fee_fen: number;
  account_type: Generated<string>;
  account_no_sealed: string;
  account_no_masked: string;
  account_name_masked: string;
  status: Generated<'reviewing' | 'paying' | 'paid' | 'cancelled' | 'failed'>;
  reason: Generated<string>;
  provider_ref: string | null;
  review_after: Date;
  finished_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The tables the withdrawal module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface WithdrawalTables {
  withdrawals: WithdrawalsTable;
}

/** A handle or transaction that sees only these tables. */
export type WithdrawalDb = Kysely<WithdrawalTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const withdrawalDb = (db: DbHandle): WithdrawalDb => db as WithdrawalDb;
