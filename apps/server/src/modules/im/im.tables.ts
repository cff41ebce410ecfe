import type { ImKind, ImRole } from '@app/protocol/im';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type ImGroupKind = 'order' | 'offer' | 'broker';

export interface ImGroupsTable {
  id: Generated<number>;
  kind: ImGroupKind;
  ref_id: number;
  title: string;
  last_seq: Generated<number>;
  ended_at: Date | null;
  created_at: CreatedAt;
}

export interface ImMembersTable {
  group_id: number;
  account: string;
  role: Exclude<ImRole, 'system'>;
  read_seq: Generated<number>;
  joined_at: CreatedAt;
}

export interface ImMessagesTable {
  id: Generated<number>;
  group_id: number;
  seq: number;
  sender: string;
  role: ImRole;
  kind: ImKind;
  body: string;
  /** The sender's `ref` of the send frame (unique per sender); null for what the server wrote. */
  client_ref: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface ImTokensTable {
  token_hash: string;
  account: string;
  /** The session that asked for it (a user's chat login ends with the session); null for customer service's. */
  session_hash: string | null;
  expires_at: Date;
  created_at: CreatedAt;
}

/** The tables the im module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface ImTables {
  im_groups: ImGroupsTable;
  im_members: ImMembersTable;
  im_messages: ImMessagesTable;
  im_tokens: ImTokensTable;
}

/** A handle or transaction that sees only these tables. */
export type ImDb = Kysely<ImTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const imDb = (db: DbHandle): ImDb => db as ImDb;
