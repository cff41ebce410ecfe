import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  sms_type: string;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  tries: Generated<number>;
  burned_at: Date | null;
  consumed_at: Date | null;
}

/** The tables the sms module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface SmsTables {
  sms_codes: SmsCodesTable;
}

/** A handle or transaction that sees only these tables. */
export type SmsDb = Kysely<SmsTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const smsDb = (db: DbHandle): SmsDb => db as SmsDb;
