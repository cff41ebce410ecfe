import type { ColumnType, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { FinalOutcome } from './real-name/real-name-provider';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface IdentitiesTable {
  user_id: number;
  real_name_sealed: string;
  id_card_sealed: string;
  id_card_fingerprint: string;
  method: 'input' | 'upload';
  front_image: string | null;
  back_image: string | null;
  verified_at: CreatedAt;
}

/** A provider's final answer for one (ID number, name) pair: a retry reads it instead of paying again. */
export interface RealNameChecksTable {
  id_card_fingerprint: string;
  name_hash: string;
  outcome: FinalOutcome;
  provider: string;
  checked_at: CreatedAt;
}

/** The tables the identity module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface IdentityTables {
  identities: IdentitiesTable;
  real_name_checks: RealNameChecksTable;
}

/** A handle or transaction that sees only these tables. */
export type IdentityDb = Kysely<IdentityTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const identityDb = (db: DbHandle): IdentityDb => db as IdentityDb;
