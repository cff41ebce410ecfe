import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from './handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CodecKeysTable {
  key_id: string;
  private_pem: string;
  created_at: CreatedAt;
  retired_at: Date | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  source: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  /** Where it was made (migration 0060): the address and the client's device id; null before. */
  ip: Generated<string | null>;
  device_id: Generated<string | null>;
}

/** The tables the platform (codec keys, sessions, settings) owns (docs/architecture.md): no other module reads or writes them, it calls the platform's functions. */
export interface PlatformTables {
  settings: SettingsTable;
  codec_keys: CodecKeysTable;
  sessions: SessionsTable;
}

/** A handle or transaction that sees only these tables. */
export type PlatformDb = Kysely<PlatformTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const platformDb = (db: DbHandle): PlatformDb => db as PlatformDb;
