import type { StaffRole } from '@app/protocol/ops';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** modules/ops (migration 0024): staff accounts, their sessions, the audit of their actions. */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  role: StaffRole;
  password_hash: string;
  /** The TOTP secret sealed with the PII key; set at setup, used once totp_enabled_at is set. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last accepted time step: a code is never accepted twice. */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  disabled_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  ip: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface StaffAuditTable {
  id: Generated<string>;
  staff_id: number | null;
  action: string;
  order_id: number | null;
  order_no: string | null;
  target_staff_id: number | null;
  /** The user an action on a user was taken on (migration 0053). */
  target_user_id: Generated<number | null>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string;
  created_at: CreatedAt;
}

/** A staff member's note on a user (migration 0053). */
export interface UserNotesTable {
  id: Generated<string>;
  user_id: number;
  staff_id: number;
  note: string;
  created_at: CreatedAt;
}

/** The tables the ops module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface OpsTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  user_notes: UserNotesTable;
}

/** A handle or transaction that sees only these tables. */
export type OpsDb = Kysely<OpsTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const opsDb = (db: DbHandle): OpsDb => db as OpsDb;
