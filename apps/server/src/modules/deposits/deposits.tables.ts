import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type DepositPurpose = 'bargain' | 'offer' | 'auction';
export type DepositState = 'unpaid' | 'held' | 'returned' | 'applied' | 'forfeited' | 'lapsed';

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  seller_user_id: number;
  application_id: string;
  purpose: DepositPurpose;
  /** The offer (还价 / 出价), or the auction (a listing auctioned again is another auction). */
  ref_id: number;
  /** The listing it is about. */
  commodity_id: number;
  title: string;
  amount_fen: number;
  status: Generated<DepositState>;
  pay_by: Date;
  /** The order it secures, once the seller agreed (or the auction was won). */
  order_id: number | null;
  paid_at: Date | null;
  resolved_at: Date | null;
  created_at: CreatedAt;
}

/** The tables the deposits module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface DepositsTables {
  deposits: DepositsTable;
}

/** A handle or transaction that sees only these tables. */
export type DepositsDb = Kysely<DepositsTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const depositsDb = (db: DbHandle): DepositsDb => db as DepositsDb;
