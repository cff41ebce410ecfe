import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type SupportStatus = 'open' | 'joined' | 'closed';
export type SupportOutcome = 'refund' | 'confirm' | 'close';

export interface SupportRequestsTable {
  id: Generated<number>;
  order_id: number;
  asked_by: 'buyer' | 'seller';
  asker_user_id: number;
  reason: string;
  status: Generated<SupportStatus>;
  outcome: SupportOutcome | null;
  staff_id: number | null;
  staff_name: string | null;
  created_at: CreatedAt;
  joined_at: Date | null;
  closed_at: Date | null;
}

export interface SupportRatingsTable {
  request_id: number;
  user_id: number;
  score: number;
  comment: Generated<string>;
  created_at: CreatedAt;
}

/** The tables the support module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface SupportTables {
  support_requests: SupportRequestsTable;
  support_ratings: SupportRatingsTable;
}

/** A handle or transaction that sees only these tables. */
export type SupportDb = Kysely<SupportTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const supportDb = (db: DbHandle): SupportDb => db as SupportDb;
