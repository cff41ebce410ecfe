import type { WithdrawalStatus } from '@app/protocol/calls/withdrawal';
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
  status: Generated<WithdrawalStatus>;
  reason: Generated<string>;
  provider_ref: string | null;
  /** The payout provider that holds the transfer, and our number of it there (the same on every retry). */
  provider: Generated<string>;
  out_biz_no: string;
  /** The payee's full name (the provider checks it against the account); null on rows from before it was kept. */
  account_name_sealed: string | null;
  /** When the transfer was handed to the provider: from then on it is only ever queried, never sent again. */
  sent_at: Date | null;
  /** WeChat's package_info while the payee is asked to confirm (确认收款). */
  package_info: string | null;
  reviewed_by: number | null;
  review_after: Date;
  finished_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Staff's hold on a user's withdrawals (migration 0053): while it stands none is asked for or paid. */
export interface WithdrawalHoldsTable {
  user_id: number;
  reason: string;
  held_at: ColumnType<Date, Date | undefined, never>;
}

/** The tables the withdrawal module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface WithdrawalTables {
  withdrawals: WithdrawalsTable;
  withdrawal_holds: WithdrawalHoldsTable;
}

/** A handle or transaction that sees only these tables. */
export type WithdrawalDb = Kysely<WithdrawalTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const withdrawalDb = (db: DbHandle): WithdrawalDb => db as WithdrawalDb;
