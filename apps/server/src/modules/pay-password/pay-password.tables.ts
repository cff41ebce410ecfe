import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface PayPasswordsTable {
  user_id: number;
  /** scrypt$N$r$p$salt$hash (pay-password-hash.ts). */
  hash: string;
  failed_tries: Generated<number>;
  locked_until: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export type SecurityChangeKind = 'payPasswordReset' | 'phoneRebound' | 'payoutAccountChanged';

export interface SecurityChangesTable {
  id: Generated<number>;
  user_id: number;
  kind: SecurityChangeKind;
  created_at: CreatedAt;
}

/** The tables the pay-password module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface PayPasswordTables {
  pay_passwords: PayPasswordsTable;
  security_changes: SecurityChangesTable;
}

/** A handle or transaction that sees only these tables. */
export type PayPasswordDb = Kysely<PayPasswordTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const payPasswordDb = (db: DbHandle): PayPasswordDb => db as PayPasswordDb;
