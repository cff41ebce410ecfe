import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface RiskSignalsTable {
  id: Generated<number>;
  kind: string;
  /** What the signal is about, unique per kind (an order, a device, a buyer's day): raised once. */
  subject: string;
  user_ids: ColumnType<number[], string, never>;
  order_ids: ColumnType<number[], string | undefined, never>;
  evidence: string;
  status: Generated<'open' | 'dismissed' | 'acted'>;
  action: string | null;
  note: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export interface RiskCursorsTable {
  name: string;
  position: ColumnType<string | number, number, number>;
}

/** The tables the risk module owns (docs/architecture.md). */
export interface RiskTables {
  risk_signals: RiskSignalsTable;
  risk_cursors: RiskCursorsTable;
}

export type RiskDb = Kysely<RiskTables>;
export const riskDb = (db: DbHandle): RiskDb => db as RiskDb;
